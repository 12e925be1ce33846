import { createHash } from "node:crypto";

export interface ReturnSubmission {
  gstin: string;
  returnType: "GSTR1" | "GSTR3B";
  period: string;
  json: { gstin?: unknown; fp?: unknown; ret_period?: unknown };
}

/**
 * The GST Suvidha Provider port: where a return goes to be filed. A real GSP (with the
 * business's credentials and EVC/DSC signing) plugs in behind this interface.
 */
export interface GspClient {
  readonly name: string;
  fileReturn(submission: ReturnSubmission): Promise<{ arn: string }>;
}

export class GspRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GspRejectedError";
  }
}

/**
 * SANDBOX: checks the return's JSON is for this GSTIN and period and issues an ARN-shaped
 * acknowledgement. Nothing reaches the GST portal; returns filed here are marked "sandbox".
 * The ARN is AA + state code + MMYY + 7 characters derived from the return, so filing the
 * same return again gives the same number.
 */
export class SandboxGsp implements GspClient {
  readonly name = "sandbox";

  /** `delayMs` stands in for a real GSP's latency (tests kill a worker during it). */
  constructor(private readonly delayMs = 0) {}

  async fileReturn({ gstin, returnType, period, json }: ReturnSubmission): Promise<{ arn: string }> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const jsonPeriod = json.fp ?? json.ret_period;
    if (json.gstin !== gstin) throw new GspRejectedError(`The return is for GSTIN ${String(json.gstin)}, not ${gstin}`);
    if (jsonPeriod !== period) throw new GspRejectedError(`The return is for period ${String(jsonPeriod)}, not ${period}`);
    const digest = createHash("sha256")
      .update(`${gstin}|${returnType}|${period}|${JSON.stringify(json)}`)
      .digest("hex")
      .toUpperCase();
    return { arn: `AA${gstin.slice(0, 2)}${period.slice(0, 2)}${period.slice(4, 6)}${digest.slice(0, 7)}` };
  }
}
