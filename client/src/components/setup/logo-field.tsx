import type { User } from "@bahi/shared/contract";
import { ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { describeError } from "../../api/errors.ts";
import { logoUrl, useRemoveLogo, useUploadLogo } from "../../api/profile.ts";
import { LOGO_ACCEPT, logoFileProblem, readAsDataUrl } from "../../lib/setup.ts";
import { Button } from "../ui/button.tsx";
import { toast } from "../ui/use-toast.ts";

/**
 * Issue 9: the business's logo, printed top-left on A4 invoices and notes. Uploads on choice
 * (PNG or JPEG up to 200 KB, checked here first and again by the server); Remove takes it off.
 */
export function LogoField({ logo }: { logo: User["logo"] | undefined }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const local = logoFileProblem(file);
    setProblem(local);
    if (local) return;
    try {
      await upload.mutateAsync(await readAsDataUrl(file));
      toast({ title: "Logo saved", description: "It appears on your invoice PDFs." });
    } catch (error) {
      setProblem(describeError(error, "The logo could not be saved. Try again."));
    }
  }

  async function onRemove() {
    setProblem(null);
    try {
      await remove.mutateAsync();
      toast({ title: "Logo removed" });
    } catch (error) {
      setProblem(describeError(error, "The logo could not be removed. Try again."));
    }
  }

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm leading-none font-medium">
        Logo
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-16 w-32 items-center justify-center overflow-hidden rounded-lg border bg-muted/40">
          {logo ? <img src={logoUrl(logo)} alt="Your logo" className="max-h-full max-w-full object-contain" /> : <span className="text-xs text-muted-foreground">No logo</span>}
        </div>
        <input ref={input} id={`${id}-file`} type="file" accept={LOGO_ACCEPT} className="sr-only" aria-labelledby={`${id}-label`} onChange={(event) => void onChoose(event)} />
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          <ImageUp aria-hidden="true" />
          {upload.isPending ? "Uploading..." : logo ? "Change logo" : "Upload logo"}
        </Button>
        {logo && (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void onRemove()}>
            <Trash2 aria-hidden="true" />
            {remove.isPending ? "Removing..." : "Remove logo"}
          </Button>
        )}
      </div>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">PNG or JPEG, up to 200 KB. Printed at the top left of your invoices.</p>
      )}
    </div>
  );
}
