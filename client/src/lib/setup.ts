import type { User } from "@bahi/shared/contract";

/** What every invoice must print about the business (Rule 46(a)): its state (or GSTIN), address and PIN. */
export type SetupGap = "state" | "address" | "pinCode";

export const SETUP_GAP_LABELS: Record<SetupGap, string> = {
  state: "your state or GSTIN",
  address: "your business address",
  pinCode: "your PIN code",
};

/** What the profile still lacks for a complete invoice; empty when nothing is missing. */
export function setupGaps(user: Pick<User, "gstNumber" | "stateCode" | "businessAddress" | "pinCode"> | null | undefined): SetupGap[] {
  if (!user) return [];
  const gaps: SetupGap[] = [];
  if (!user.gstNumber && !user.stateCode) gaps.push("state");
  if (!user.businessAddress?.trim()) gaps.push("address");
  if (!user.pinCode) gaps.push("pinCode");
  return gaps;
}

/** "your state or GSTIN, your business address and your PIN code". */
export function gapsText(gaps: readonly SetupGap[]): string {
  const labels = gaps.map((gap) => SETUP_GAP_LABELS[gap]);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

const laterKey = (userId: string) => `bahi.setup.later.${userId}`;

/** "Do this later": the dashboard stops offering the setup for this user on this device. */
export function setupPostponed(userId: string): boolean {
  try {
    return window.localStorage.getItem(laterKey(userId)) === "1";
  } catch {
    return false;
  }
}

export function postponeSetup(userId: string): void {
  try {
    window.localStorage.setItem(laterKey(userId), "1");
  } catch {
    // Storage disabled: the reminder simply shows again.
  }
}

/** Reads a chosen file as a data URL, the form PUT /api/profile/logo takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

export const LOGO_ACCEPT = "image/png,image/jpeg";

/** The same limits the server applies, checked before the upload so the owner hears at once. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (file.type !== "image/png" && file.type !== "image/jpeg") return "Choose a PNG or JPEG image";
  if (file.size > 200 * 1024) return `The logo must be at most 200 KB; this image is ${Math.ceil(file.size / 1024)} KB`;
  return null;
}
