/**
 * Issue 13: lets timers and I/O callbacks run before going on. PGlite answers a query without
 * ever leaving the microtask queue, so a long run of statements in the embedded process (a
 * catch-up or rebuild of thousands of batches, deleting a retired generation) would otherwise
 * answer no HTTP request and fire no timer until it ended: 15 s of silence for a rebuild of
 * 24,000 events. A turn of the event loop costs microseconds.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
