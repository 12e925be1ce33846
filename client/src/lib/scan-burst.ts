/**
 * Issue 10: tells a USB barcode scanner from a person. A scanner is a keyboard that types the
 * whole code in a few milliseconds a key and ends it with Enter; people are far slower. Feed it
 * every keydown; it answers the code when Enter closes such a burst, else null.
 */
export interface ScanBurstOptions {
  /** The longest pause between two keys of one scan, in ms. Scanners manage well under 30. */
  maxGapMs?: number;
  /** The shortest code taken as a scan; barcodes are at least 8 characters, some scanners drop one. */
  minLength?: number;
}

/** Keys a scanner sends around the characters (Shift for capitals) that neither add nor break a burst. */
const IGNORED = new Set(["Shift", "CapsLock", "Control", "Alt", "AltGraph", "Meta"]);

export interface ScanBurst {
  /** One keydown: `key` as KeyboardEvent.key, `at` its time in ms. The code when this Enter ends a scan. */
  key(key: string, at: number): string | null;
  reset(): void;
}

export function scanBurst({ maxGapMs = 50, minLength = 6 }: ScanBurstOptions = {}): ScanBurst {
  let buffer = "";
  let last = Number.NEGATIVE_INFINITY;
  const reset = () => {
    buffer = "";
    last = Number.NEGATIVE_INFINITY;
  };
  return {
    reset,
    key(key, at) {
      if (IGNORED.has(key)) return null;
      const fast = at - last <= maxGapMs;
      if (key === "Enter") {
        const code = fast && buffer.length >= minLength ? buffer : null;
        reset();
        return code;
      }
      if (key.length !== 1) {
        // Backspace, arrows, Tab: a person is editing.
        reset();
        return null;
      }
      // A slow key starts over: what came before was typed by hand.
      buffer = fast ? buffer + key : key;
      last = at;
      return null;
    },
  };
}
