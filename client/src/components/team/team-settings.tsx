import { INVITABLE_ROLES, ROLE_LABELS, inviteSchema } from "@bahi/shared/contract";
import type { InvitableRole, InvitationCreated, InviteInput, PendingInvitation, Team, TeamMember } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, MailPlus, UserMinus, Users } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { describeError } from "../../api/errors.ts";
import { useChangeRole, useInvite, useRemoveMember, useRevokeInvitation, useTeam } from "../../api/team.ts";
import { ROLE_DESCRIPTIONS } from "../../auth/access.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { formatIndianDate } from "../../lib/format.ts";
import { ErrorState } from "../list-states.tsx";
import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from "../ui/alert-dialog.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Input } from "../ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { SelectField } from "../ui/select-field.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

const PLAN_NAMES: Record<Team["plan"], string> = { free: "Free", professional: "Professional", enterprise: "Enterprise" };

const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role], hint: ROLE_DESCRIPTIONS[role] }));

/** "Seats: 1 of 1 used on the Free plan", and what the next plan gives (issue 11 "Plans"). */
function seatsLine(team: Team): { text: string; upgrade: string | null } {
  const plan = PLAN_NAMES[team.plan];
  const { used, limit } = team.seats;
  const full = limit !== null && used >= limit;
  const text =
    limit === null
      ? `Seats: ${used} used on the ${plan} plan (unlimited)`
      : `Seats: ${used} of ${limit} used on the ${plan} plan${full ? ". Revoke an invitation or upgrade to invite more." : ""}`;
  const upgrade =
    team.plan === "free"
      ? "Free includes one accountant or auditor. Professional gives 3 members of any role; Enterprise, as many as you need."
      : team.plan === "professional"
        ? "Enterprise gives as many members as you need."
        : null;
  return { text, upgrade };
}

function InviteForm({ onSent }: { onSent: (invitation: InvitationCreated) => void }) {
  const invite = useInvite();
  const form = useForm<z.input<typeof inviteSchema>, unknown, InviteInput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: "", role: "accountant" },
  });
  const { errors } = form.formState;

  async function onSubmit(input: InviteInput) {
    try {
      const sent = await invite.mutateAsync(input);
      toast({ title: "Invitation created", description: `Send the link to ${sent.email}.` });
      form.reset({ email: "", role: input.role });
      onSent(sent);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["email", "role"]);
      toast({ title: "Could not invite", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <form noValidate aria-label="Invite a member" onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
      <TextField id="invite-email" label="Email" type="email" autoComplete="off" placeholder="accountant@firm.in" error={errors.email?.message} {...form.register("email")} />
      <SelectField control={form.control} name="role" id="invite-role" label="Role" options={ROLE_OPTIONS} error={errors.role?.message} />
      <Button type="submit" className="sm:mt-[1.625rem]" disabled={invite.isPending}>
        <MailPlus aria-hidden="true" />
        {invite.isPending ? "Inviting..." : "Send invitation"}
      </Button>
      <ul className="grid gap-1 text-xs text-muted-foreground sm:col-span-3">
        {INVITABLE_ROLES.map((role) => (
          <li key={role}>
            <span className="font-medium text-foreground">{ROLE_LABELS[role]}:</span> {ROLE_DESCRIPTIONS[role]}
          </li>
        ))}
      </ul>
    </form>
  );
}

/** The link is shown once, right after sending: only its hash is kept, so it cannot be shown again. */
function SentLink({ invitation }: { invitation: InvitationCreated }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.url);
      toast({ title: "Link copied", description: `Paste it in a message to ${invitation.email}.` });
    } catch {
      toast({ title: "Could not copy", description: "Select the link and copy it yourself.", variant: "destructive" });
    }
  }
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50/60 p-4">
      <label htmlFor="invitation-url" className="text-sm font-medium text-emerald-950">
        Send this link to {invitation.email}; it works once and expires on {formatIndianDate(invitation.expiresAt)}.
      </label>
      <div className="flex gap-2">
        <Input id="invitation-url" readOnly value={invitation.url} onFocus={(event) => event.currentTarget.select()} className="min-w-0 bg-card font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}

function MemberRow({ member, onRemove }: { member: TeamMember; onRemove: (member: TeamMember) => void }) {
  const changeRole = useChangeRole();

  async function onRoleChange(role: string) {
    if (role === member.role) return;
    try {
      await changeRole.mutateAsync({ memberId: member.id, role: role as InvitableRole });
      toast({ title: "Role changed", description: `${member.name} is now ${ROLE_LABELS[role as InvitableRole]}.` });
    } catch (error) {
      toast({ title: "Could not change the role", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{member.name}</p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
      </div>
      {member.owner ? (
        <Badge variant="secondary" className="self-start sm:self-auto">
          Owner
        </Badge>
      ) : (
        <div className="flex items-center gap-2">
          <Select value={member.role} onValueChange={(role) => void onRoleChange(role)} disabled={changeRole.isPending}>
            <SelectTrigger aria-label={`Role of ${member.name}`} className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ROLE_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value} hint={option.hint}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button type="button" variant="outline" size="sm" onClick={() => onRemove(member)} aria-label={`Remove ${member.name}`}>
            <UserMinus aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const revoke = useRevokeInvitation();
  async function onRevoke() {
    try {
      await revoke.mutateAsync(invitation.id);
      toast({ title: "Invitation revoked", description: `The link sent to ${invitation.email} no longer works.` });
    } catch (error) {
      toast({ title: "Could not revoke the invitation", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{invitation.email}</p>
        <p className="text-sm text-muted-foreground">
          {ROLE_LABELS[invitation.role]} · invited {formatIndianDate(invitation.invitedAt)} · expires {formatIndianDate(invitation.expiresAt)}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start sm:self-auto"
        disabled={revoke.isPending}
        onClick={() => void onRevoke()}
        aria-label={`Revoke invitation for ${invitation.email}`}
      >
        {revoke.isPending ? "Revoking..." : "Revoke"}
      </Button>
    </li>
  );
}

/** Settings → Team (owner only, issue 11): invite by email with a role, change roles, remove, revoke. */
export function TeamSettings() {
  const team = useTeam();
  const remove = useRemoveMember();
  const [sent, setSent] = useState<InvitationCreated | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast({ title: "Member removed", description: `${removing.name} can no longer open this business.` });
      setRemoving(null);
    } catch (error) {
      toast({ title: "Could not remove the member", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <Card role="region" aria-label="Team" className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-4 text-primary" />
          Team
        </CardTitle>
        <CardDescription>Invite your accountant, staff or auditor. Every change they make is recorded with their name.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {team.isPending ? (
          <div aria-busy="true" aria-label="Loading" className="grid gap-3">
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : team.isError ? (
          <ErrorState title="Could not load your team" error={team.error} onRetry={() => void team.refetch()} />
        ) : (
          <>
            <div className="grid gap-1">
              <p className="text-sm font-semibold">{seatsLine(team.data).text}</p>
              {seatsLine(team.data).upgrade && <p className="text-xs text-muted-foreground">{seatsLine(team.data).upgrade}</p>}
            </div>
            <InviteForm onSent={setSent} />
            {sent && <SentLink invitation={sent} />}
            <section aria-label="Members">
              <h4 className="text-sm font-semibold">Members</h4>
              <ul className="divide-y">
                {team.data.members.map((member) => (
                  <MemberRow key={member.id} member={member} onRemove={setRemoving} />
                ))}
              </ul>
              {team.data.members.every((member) => member.owner) && (
                <p className="py-2 text-sm text-muted-foreground">No one else yet. Invitations you send appear below until they are accepted.</p>
              )}
            </section>
            <section aria-label="Pending invitations">
              <h4 className="text-sm font-semibold">Pending invitations</h4>
              {team.data.invitations.length === 0 ? (
                <p className="py-2 text-sm text-muted-foreground">None.</p>
              ) : (
                <ul className="divide-y">
                  {team.data.invitations.map((invitation) => (
                    <InvitationRow key={invitation.id} invitation={invitation} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardContent>
      <AlertDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setRemoving(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove {removing?.name}?</AlertDialogTitle>
            <AlertDialogDescription>{removing?.email} loses access to this business at once. What they did stays in the history with their name.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogConfirmFooter pending={remove.isPending} label="Remove" pendingLabel="Removing..." onConfirm={() => void confirmRemove()} />
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
