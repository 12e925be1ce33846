import { describe, expect, it } from "vitest";
import { scanBurst } from "./scan-burst.ts";

/** Types `text` then Enter, one key every `gap` ms from `start`; the detector's answer to the Enter. */
function type(burst: ReturnType<typeof scanBurst>, text: string, gap: number, start = 1000): string | null {
  let at = start;
  for (const key of text) {
    expect(burst.key(key, at)).toBeNull();
    at += gap;
  }
  return burst.key("Enter", at - gap + Math.min(gap, 10));
}

describe("scanBurst: a USB scanner's keystrokes told from a person's", () => {
  it("a burst of keys a few ms apart ending in Enter is a scan", () => {
    expect(type(scanBurst(), "4006381333931", 8)).toBe("4006381333931");
  });

  it("the same code typed by a person (100 ms a key) is not", () => {
    expect(type(scanBurst(), "4006381333931", 100)).toBeNull();
  });

  it("slow keys before a burst are dropped: only the burst is the code", () => {
    const burst = scanBurst();
    burst.key("h", 0);
    burst.key("i", 200);
    expect(type(burst, "96385074", 5, 1000)).toBe("96385074");
  });

  it("Shift between characters (capitals) neither adds to nor breaks the burst", () => {
    const burst = scanBurst();
    let at = 0;
    for (const key of ["Shift", "S", "Shift", "K", "U", "-", "0", "0", "1"]) {
      burst.key(key, at);
      at += 5;
    }
    expect(burst.key("Enter", at)).toBe("SKU-001");
  });

  it("a short burst (a person's quick double key) is not a scan", () => {
    expect(type(scanBurst(), "ab", 5)).toBeNull();
  });

  it("a late Enter after a burst is a person pressing it", () => {
    const burst = scanBurst();
    for (const [i, key] of [..."96385074"].entries()) burst.key(key, i * 5);
    expect(burst.key("Enter", 35 + 500)).toBeNull();
  });

  it("Backspace in the middle means editing, not scanning", () => {
    const burst = scanBurst();
    let at = 0;
    for (const key of [..."9638", "Backspace", ..."5074"]) {
      burst.key(key, at);
      at += 5;
    }
    expect(burst.key("Enter", at)).toBeNull();
  });

  it("after a scan it starts afresh for the next one", () => {
    const burst = scanBurst();
    expect(type(burst, "96385074", 5, 0)).toBe("96385074");
    expect(type(burst, "4006381333931", 5, 5000)).toBe("4006381333931");
  });
});
