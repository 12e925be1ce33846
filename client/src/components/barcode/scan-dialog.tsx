import { Camera } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { startCameraScan } from "./camera-scanner.ts";

interface ScanDialogProps {
  open: boolean;
  onClose: () => void;
  /** A code read by the camera, typed, or sent by a USB scanner into the box. */
  onCode: (code: string) => void;
  description?: string;
}

/**
 * Issue 10: 'Scan Barcode'. Shows the camera and reads the first code it sees; a USB scanner or
 * the keyboard can type the code into the box instead (the camera cannot be used everywhere).
 */
export function ScanDialog({ open, onClose, onCode, description }: ScanDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const done = useRef(false);

  useEffect(() => {
    if (!open) return;
    done.current = false;
    setCameraProblem(null);
    setTyped("");
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Wait a frame: the video element mounts with the dialog's content.
    const frame = requestAnimationFrame(() => {
      if (!video.current) return;
      startCameraScan(video.current, (code) => {
        if (done.current) return;
        done.current = true;
        onCode(code);
      })
        .then((stopScanning) => {
          if (cancelled) stopScanning();
          else stop = stopScanning;
        })
        .catch((error: unknown) => {
          if (!cancelled) setCameraProblem(cameraMessage(error));
        });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      stop?.();
    };
    // onCode changes every render of the parent; the camera should not restart for it.
  }, [open]);

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    const code = typed.trim();
    if (code) onCode(code);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Scan Barcode</DialogTitle>
          <DialogDescription>{description ?? "Hold the product's barcode in front of the camera."}</DialogDescription>
        </DialogHeader>
        <div className="relative overflow-hidden rounded-lg bg-muted">
          <video ref={video} muted playsInline aria-label="Camera" className="aspect-video w-full object-cover" />
          {cameraProblem && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted-foreground">
              <Camera aria-hidden="true" className="size-6" />
              <p role="status">{cameraProblem}</p>
            </div>
          )}
        </div>
        <form onSubmit={submitTyped} className="grid gap-2">
          <Label htmlFor="scan-dialog-code">Or type the code (a USB scanner types it here too)</Label>
          <div className="flex gap-2">
            <Input id="scan-dialog-code" autoFocus autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="8901234567890" />
            <Button type="submit" variant="outline" disabled={!typed.trim()}>
              Find
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function cameraMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "Camera access was not allowed. Allow the camera in your browser, or type the code below.";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No camera was found. Type the code below or use a barcode scanner.";
  if (name === "NotReadableError") return "The camera is being used by another app. Close it, or type the code below.";
  return error instanceof Error && error.message ? error.message : "The camera could not be started. Type the code below.";
}
