import { streams } from "@bahi/shared/events";
import type { AccessResolver, EventStore } from "@bahi/shared/server";
import { userDecider, type UserState } from "../auth/user.ts";
import { teamDecider, type TeamState } from "./team.ts";
import { readState } from "../handling/streamStates.ts";

export async function readTeam(eventStore: Pick<EventStore, "readStream">, businessId: string): Promise<TeamState> {
  return await readState(eventStore, streams.team(businessId), teamDecider);
}

export async function readUser(eventStore: Pick<EventStore, "readStream">, userId: string): Promise<UserState> {
  return await readState(eventStore, streams.user(userId), userDecider);
}

export const personName = (user: UserState): string => (user.registered ? `${user.firstName} ${user.lastName}`.trim() : "");

/** What the business is called: its company name, else its owner's name. */
export const businessName = (owner: UserState): string => (owner.registered ? owner.companyName || personName(owner) : "");

/**
 * Issue 11: who may act in a business, folded from the event store on every request (no
 * cache), so a member removed by a request to one process is refused by the very next request
 * to any other. The owner is whoever registered the business; a member is whoever the team
 * stream says is in it now, in the role it says.
 */
export function accessResolver(eventStore: Pick<EventStore, "readStream">): AccessResolver {
  return async (personId, businessId) => {
    if (personId === businessId) return { role: "owner", name: personName(await readUser(eventStore, personId)) };
    const member = (await readTeam(eventStore, businessId)).members[personId];
    return member ? { role: member.role, name: member.name } : null;
  };
}
