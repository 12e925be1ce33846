/** Commands shared by the customer and vendor aggregates: both are a business's contacts. */
export type PartyCommand<Input> =
  | { kind: "add"; id: string; ownerId: string; input: Input; at: string }
  | { kind: "update"; ownerId: string; input: Input; at: string }
  | { kind: "delete"; ownerId: string; at: string };

export type PartyState<Fields> =
  | { status: "none" }
  | ({ status: "active"; id: string; ownerId: string; addedAt: string; updatedAt: string } & Fields)
  | { status: "deleted"; id: string; ownerId: string };

/** The aggregate exists, is alive and belongs to the caller; anything else looks like "not found". */
export function isOwnedActive<Fields>(
  state: PartyState<Fields>,
  ownerId: string,
): state is Extract<PartyState<Fields>, { status: "active" }> {
  return state.status === "active" && state.ownerId === ownerId;
}
