/**
 * Issue 13: runs `work` while counting the event loop's turns, as an HTTP request or a timer of
 * the same process would need them. The count stops when the work ends, thrown or not.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const turn = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    counting = false;
  }
}
