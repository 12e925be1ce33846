/**
 * Issue 13: every target of "Fast at any size" beside the figure this run measured for it, so
 * `npm run bench` ends with one table of what is met and what is not. Each scenario records its
 * figures as it measures them; nothing here is asserted, and a scenario run alone records into
 * a list nobody prints.
 */
export interface TargetFigure {
  /** What is measured, and where (store, size, writers). */
  what: string;
  /** The target, as the issue states it. */
  target: string;
  /** The figure measured, with its unit. */
  measured: string;
  met: boolean;
}

const figures: TargetFigure[] = [];

export function recordTarget(figure: TargetFigure): void {
  figures.push(figure);
}

export const TARGETS_HEADER = "| what | target | measured | |\n|---|---|---|---|";

export function targetRows(): string[] {
  return figures.map((f) => `| ${f.what} | ${f.target} | ${f.measured} | ${f.met ? "met" : "**not met**"} |`);
}

/** A number the Indian way (1,00,000), rounded to whole units. */
export const whole = (n: number): string => Math.round(n).toLocaleString("en-IN");

/** A ratio with two decimals (display only). */
export const times = (n: number): string => `${n.toFixed(2)}×`;
