/**
 * Issue 13: counts the event loop's turns while something runs, as an HTTP request or a timer
 * of the same process would need them. `stop()` ends the count and returns it.
 */
export function countEventLoopTurns(): { stop(): number } {
  let turns = 0;
  let counting = true;
  const turn = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stop() {
      counting = false;
      return turns;
    },
  };
}
