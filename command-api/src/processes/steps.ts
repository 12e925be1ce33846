import { WrongExpectedRevisionError } from "@bahi/shared/server";

/**
 * Runs a read-decide-append step again while other writers move the stream: each try re-reads
 * and re-decides, so a process step that lost a race follows whatever won it (a fence, a
 * commit, another request's slot on the shared quota counter).
 */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 50): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

/** The stable code of whatever a step threw, for the fence event: an auditor sees why it gave up. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  if (error && typeof error === "object" && "issues" in error) return "VALIDATION_FAILED";
  return "INTERNAL";
}

export function errorReason(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300);
}

/** The code a recovery sweep fences with: the request that started the process went quiet. */
export const STALE = "STALE";
