import { Eye, Lock } from "lucide-react";
import { Link } from "wouter";
import { ROLE_LABELS, homeFor, type Access } from "../../auth/access.tsx";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

/** The slim strip over every screen of an auditor: the server refuses every write, and the UI says so up front. */
export function ReadOnlyBanner({ access }: { access: Access }) {
  if (access.role !== "auditor") return null;
  return (
    <p role="note" className="-mt-2 mb-6 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <Eye aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
      <span>
        Read-only access — you are an auditor of <span className="font-semibold">{access.companyName ?? "this business"}</span>
      </span>
    </p>
  );
}

/** What a direct URL to a screen the role may not open shows, instead of a page of refused reads. */
export function RoleForbidden({ access }: { access: Access }) {
  return (
    <Card role="alert" className="mx-auto mt-8 max-w-lg p-8 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-foreground">Your role ({ROLE_LABELS[access.role]}) cannot open this screen</h1>
      <p className="mt-2 text-sm text-muted-foreground">Ask the owner of {access.companyName ?? "this business"} if you need it.</p>
      <Button asChild variant="outline" className="mt-6">
        <Link href={homeFor(access.role)}>Go to {access.role === "staff" ? "Invoices" : "Dashboard"}</Link>
      </Button>
    </Card>
  );
}
