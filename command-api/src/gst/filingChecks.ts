/**
 * What the filing route checks before it records a request (design §4): the portal's rules
 * (period ended, registration, sequence, the three-year bar), from the returns' own streams,
 * and the return's blocking problems, from the same engine and inputs as the preview.
 */
import { compareWirePositions, isWirePosition } from "@bahi/shared/contract";
import { filingRefusal, periodOrdinal, previousPeriod, registrationPeriodOf, returnPeriodOf, type GstReturnType, type ReturnProblem } from "@bahi/shared/returns";
import { loadReturnBooks, returnScope, prepareReturn, waitForProjection } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { filedLookup } from "./closedPeriods.ts";

/** How long the check waits for the read models to hold everything recorded before it. */
const READ_MODELS_WAIT_MS = 15_000;

/**
 * Months whose returns are certainly time-barred (three years after a due date that falls in the
 * month after the period, s.37(5)/s.39(11)) are never required, so never read: the lookup starts
 * 38 months back at most. filingRefusal decides the exact bar.
 */
function earliestUnbarred(now: Date): string {
  let period = returnPeriodOf(now);
  for (let i = 0; i < 38; i++) period = previousPeriod(period).fp;
  return period;
}

/** The portal's refusal of this return, or null when the rules let it be filed. */
export async function filingRefusalFor(
  deps: Pick<CommandDeps, "eventStore">,
  userId: string,
  gstRegistrationDate: string | null,
  registeredAt: string,
  returnType: GstReturnType,
  period: string,
  now: Date,
) {
  const registrationPeriod = registrationPeriodOf(gstRegistrationDate, registeredAt);
  const earliest = earliestUnbarred(now);
  const from = periodOrdinal(registrationPeriod) > periodOrdinal(earliest) ? registrationPeriod : earliest;
  const filed = periodOrdinal(from) <= periodOrdinal(period) ? await filedLookup(deps.eventStore, userId, from, period) : () => false;
  return filingRefusal({ returnType, period, today: now, registrationPeriod, filed });
}

/**
 * The return's blocking problems (a line without HSN, an invalid GSTIN, ...), once the read
 * models hold everything recorded before the request: the log's head, or the client's
 * X-Bahi-After when that is later. "behind" when they do not catch up in time.
 */
export async function blockingProblems(
  deps: Pick<CommandDeps, "eventLog" | "readStore" | "blobStore">,
  seen: string | undefined,
  userId: string,
  returnType: GstReturnType,
  period: string,
  gstin: string,
  stateCode: string | null,
  now: Date,
): Promise<ReturnProblem[] | "behind"> {
  const head = await deps.eventLog.head();
  const after = seen && isWirePosition(seen) && (head === null || compareWirePositions(seen, head) > 0) ? seen : head;
  if (after && !(await waitForProjection(deps.readStore, after, READ_MODELS_WAIT_MS))) return "behind";
  const books = await loadReturnBooks(deps.readStore, deps.blobStore, userId, returnScope(returnType, period));
  return prepareReturn(books, { returnType, period, gstin, stateCode, today: now }).problems.filter((p) => p.blocking);
}
