/**
 * Runs `work` now or, when asked while a run is in flight, once more after it: however many
 * asks come meanwhile, one more run answers them all. `more` can end the repeats early (no one
 * left to answer). A run that rejects ends there: the next ask starts afresh.
 */
export class Coalesced {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly more: () => boolean = () => true,
  ) {}

  run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.work();
      } while (this.again && this.more());
    })()
      // Callers ask again on their next notification or re-check: a failed run has no one to tell.
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
      });
  }

  /** Whether another run has been asked for while the one in flight runs. */
  pending(): boolean {
    return this.running !== null && this.again;
  }

  /** Waits for the run in flight, if any. */
  async settled(): Promise<void> {
    await this.running;
  }
}
