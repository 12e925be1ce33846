import { ClipboardList, X } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { useProfile, useProfileForSetupReminder } from "../../api/profile.ts";
import { gapsText, postponeSetup, setupGaps, setupPostponed } from "../../lib/setup.ts";
import { Button } from "../ui/button.tsx";

/**
 * Issue 9: while the profile lacks what every invoice prints (state or GSTIN, address, PIN), the
 * dashboard offers the setup; "Do this later" hides it on this device (the invoice form still
 * links to it, see SetupLink).
 */
export function SetupReminder() {
  const profile = useProfileForSetupReminder();
  const [hidden, setHidden] = useState(false);
  const user = profile.data;
  const gaps = setupGaps(user);
  if (!user || gaps.length === 0 || hidden || setupPostponed(user.id)) return null;
  return (
    <section
      aria-label="Finish setting up"
      className="mb-8 flex flex-col gap-3 rounded-xl border border-indigo-200 bg-indigo-50/70 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <ClipboardList aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
        <div>
          <p className="font-semibold text-indigo-950">Finish setting up your business</p>
          <p className="text-sm text-indigo-950/80">Your invoices need {gapsText(gaps)}. It takes about two minutes.</p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button asChild size="sm">
          <Link href="/setup">Set up now</Link>
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            postponeSetup(user.id);
            setHidden(true);
          }}
        >
          <X aria-hidden="true" />
          Do this later
        </Button>
      </div>
    </section>
  );
}

/** In the invoice form: a short line linking to the setup while the invoice would lack the business's details. */
export function SetupLink() {
  const profile = useProfile();
  const gaps = setupGaps(profile.data);
  if (gaps.length === 0) return null;
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      This invoice will be missing {gapsText(gaps)}.{" "}
      <Link href="/setup" className="font-medium underline underline-offset-2">
        Finish setting up your business
      </Link>
    </p>
  );
}
