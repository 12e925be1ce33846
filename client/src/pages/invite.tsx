import { ROLE_LABELS } from "@bahi/shared/contract";
import type { InvitationPreview } from "@bahi/shared/contract";
import { CircleExclamationPoint, MailOpen } from "lucide-react";
import { Link, useLocation } from "wouter";
import { useLogout } from "../api/auth.ts";
import { describeError } from "../api/errors.ts";
import { HttpError } from "../api/http.ts";
import { useMe } from "../api/me.ts";
import { useAcceptInvitation, useInvitationPreview } from "../api/team.ts";
import { ROLE_DESCRIPTIONS, homeFor } from "../auth/access.tsx";
import { useAuth } from "../auth/auth-provider.tsx";
import { withNext } from "../auth/next-path.ts";
import { AuthShell } from "../components/auth-shell.tsx";
import { Button } from "../components/ui/button.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { formatIndianDate } from "../lib/format.ts";

/** What a link that cannot be used says, by the server's code (B1's accept and preview answers). */
function problemOf(error: unknown): { title: string; text: string } {
  const code = error instanceof HttpError ? error.errorBody?.code : undefined;
  switch (code) {
    case "INVITATION_EXPIRED":
      return { title: "This invitation has expired", text: "Invitations work for 7 days. Ask the owner to send you a new link." };
    case "INVITATION_USED":
      return { title: "This invitation has already been used", text: "Each link works once. If it was not you who used it, ask the owner for a new one." };
    case "INVITATION_FOR_ANOTHER_EMAIL":
      return { title: "This invitation is for another email address", text: "Sign out, then sign in or register with the address the invitation was sent to." };
    case "ALREADY_MEMBER":
      return { title: "You are already a member of this business", text: "Switch to it from the business menu in the sidebar." };
    case "INVITATION_NOT_FOUND":
      return { title: "This invitation link is not valid", text: "It may have been revoked or mistyped. Ask the owner to send it again." };
    default:
      return { title: "Could not open this invitation", text: describeError(error, "The server could not be reached. Try again in a moment.") };
  }
}

function Problem({ error }: { error: unknown }) {
  const { user } = useAuth();
  const { title, text } = problemOf(error);
  return (
    <div role="alert" className="rounded-2xl border bg-card p-8 text-center shadow-xl shadow-slate-900/5">
      <CircleExclamationPoint aria-hidden="true" className="mx-auto size-10 text-destructive" />
      <h1 className="mt-4 text-xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
      <Button asChild variant="outline" className="mt-6">
        <Link href={user ? "/dashboard" : "/"}>{user ? "Go to your dashboard" : "Back to Homepage"}</Link>
      </Button>
    </div>
  );
}

function InvitationCard({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { user } = useAuth();
  // The stored user is the business's profile while switched into another one: the person is /api/me's.
  const me = useMe(user !== null);
  const [, navigate] = useLocation();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const here = `/invite/${token}`;
  const role = ROLE_LABELS[invitation.role];
  const signedInEmail = me.data?.person.email ?? user?.email ?? "";
  const otherEmail = user !== null && signedInEmail.toLowerCase() !== invitation.email.toLowerCase();

  async function onAccept() {
    try {
      const joined = await accept.mutateAsync(token);
      toast({ title: "Invitation accepted", description: `You are now working in ${joined.companyName} as ${ROLE_LABELS[joined.role]}.` });
      navigate(homeFor(joined.role));
    } catch (error) {
      const { title, text } = problemOf(error);
      toast({ title, description: text, variant: "destructive" });
    }
  }

  if (accept.isError && accept.error instanceof HttpError && accept.error.status !== 500) return <Problem error={accept.error} />;

  return (
    <div className="rounded-2xl border bg-card p-8 shadow-xl shadow-slate-900/5">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-600">
        <MailOpen aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">
        {invitation.invitedBy} invited you to join {invitation.companyName} as {role}
      </h1>
      <p className="mt-3 text-sm text-muted-foreground">{ROLE_DESCRIPTIONS[invitation.role]}</p>
      <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
        <dt className="text-muted-foreground">For</dt>
        <dd className="truncate font-medium">{invitation.email}</dd>
        <dt className="text-muted-foreground">Expires</dt>
        <dd className="font-medium">{formatIndianDate(invitation.expiresAt)}</dd>
      </dl>
      {user === null ? (
        <div className="mt-6 grid gap-3">
          <p className="text-sm text-muted-foreground">Create an account with {invitation.email}, or sign in if you have one; you come back here to accept.</p>
          <Button asChild size="lg" className="w-full">
            <Link href={withNext("/register", here)}>Create an account</Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link href={withNext("/login", here)}>Sign in</Link>
          </Button>
        </div>
      ) : otherEmail ? (
        <div className="mt-6 grid gap-3">
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            You are signed in as {signedInEmail}, but this invitation is for {invitation.email}. Sign out and use that address.
          </p>
          {/* A failed sign-out leaves this page as it is; the button can be pressed again. */}
          <Button variant="outline" size="lg" className="w-full" disabled={logout.isPending} onClick={() => void logout.mutateAsync().catch(() => undefined)}>
            Sign out
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-3">
          <p className="text-sm text-muted-foreground">Signed in as {signedInEmail}. Your own business stays yours: switch between them from the sidebar.</p>
          <Button size="lg" className="w-full" disabled={accept.isPending} onClick={() => void onAccept()}>
            {accept.isPending ? "Accepting..." : "Accept invitation"}
          </Button>
        </div>
      )}
    </div>
  );
}

/** /invite/:token: the link an owner sends (issue 11). Works signed out: registration and sign-in come back here. */
export function InvitePage({ token }: { token: string }) {
  const { isLoading } = useAuth();
  const preview = useInvitationPreview(token);
  return (
    <AuthShell>
      {preview.isPending || isLoading ? (
        <div aria-busy="true" aria-label="Loading" className="grid gap-3 rounded-2xl border bg-card p-8">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : preview.isError ? (
        <Problem error={preview.error} />
      ) : (
        <InvitationCard token={token} invitation={preview.data} />
      )}
    </AuthShell>
  );
}
