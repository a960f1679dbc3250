// The page's main thread in a Chromium trace, and its tasks at their thread time (bench:pages, decision 072).

/**
 * The page's main thread: the renderer's main thread (its `thread_name` metadata event) in the
 * process that navigated to `origin` (not Chromium's own pages, which run scripts of their own in
 * other renderers), with that navigation's `navigationStart` event. Either is undefined when the
 * trace has no such navigation.
 */
export function pageMainThread(events, origin) {
  const navigation = events.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(origin));
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === navigation?.pid);
  return { navigation, main };
}

/**
 * Rewrites, in place, the page's main-thread tasks in a Lighthouse trace to the time the thread
 * ran (each event's `tdur`, Chromium's thread time) instead of the time that passed (`dur`), and
 * returns the share of the tasks' wall time the thread spent waiting for a core.
 *
 * Lighthouse's simulated phone is each observed task's duration times the CPU slowdown. On a 2-core
 * host the page's main thread shares the cores with Chromium's other processes (the compositor,
 * drawing every frame in software without a GPU; the browser's main thread, busy with the DevTools
 * protocol Lighthouse traces through), Lighthouse itself and the server: in a traced load of /about
 * the thread ran for 355-390 ms of 800-950 ms of tasks, and a 13.7 ms task had run 0.3 ms. Multiplied
 * by 10, the waiting becomes seconds of "blocking" that no phone, whose other cores do that work,
 * would see, and that differs with whatever else the host runs. The thread's own time is the page's
 * work: it is what the calibrated multiplier should slow down. A task keeps its start; it and every
 * event inside it shrink by the same ratio, so what ran in it stays in it.
 */
export function onPageThreadTime(events, url) {
  const { main } = pageMainThread(events, new URL(url).origin);
  if (!main) return 0;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph !== "M").sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let wall = 0;
  let ran = 0;
  let task = null;
  let ratio = 1;
  for (const event of onMain) {
    if (task && event.ts < task.ts + task.dur) {
      // Inside the current task: moved and shrunk with it.
      event.ts = task.ts + (event.ts - task.ts) * ratio;
      if (typeof event.dur === "number") event.dur *= ratio;
      if (typeof event.tdur === "number") event.tdur = Math.min(event.tdur, event.dur);
      continue;
    }
    if (task) task.dur = task.tdur;
    task = null;
    if (event.ph !== "X" || !(event.dur > 0) || typeof event.tdur !== "number") continue;
    task = event;
    ratio = Math.min(1, event.tdur / event.dur);
    wall += event.dur;
    ran += Math.min(event.tdur, event.dur);
    event.tdur = Math.min(event.tdur, event.dur);
  }
  if (task) task.dur = task.tdur;
  return wall > 0 ? 1 - ran / wall : 0;
}
