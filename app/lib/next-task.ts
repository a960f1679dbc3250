/**
 * Runs `work` in a task of its own, soon after the current one: React runs every effect of a
 * hydration in one task, so an effect with real work (reading storage, loading a track) moves it
 * here to keep that task short (decision 038). A message, not a timer: timers wait behind a
 * paused clock (tests) and are throttled in background tabs. Returns a function that cancels it.
 */
export function inNextTask(work: () => void): () => void {
  let cancelled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) work();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}
