import { describe, expect, it } from "vitest";
import { onPageThreadTime } from "./page-thread-time.js";

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: Record<string, unknown> };

/** A Lighthouse trace in miniature: the page's renderer (pid 2), its main thread (tid 1) and a compositor thread. */
function trace(): TraceEvent[] {
  return [
    { name: "thread_name", ph: "M", pid: 2, tid: 1, ts: 0, args: { name: "CrRendererMain" } },
    { name: "thread_name", ph: "M", pid: 2, tid: 7, ts: 0, args: { name: "Compositor" } },
    { name: "navigationStart", ph: "R", pid: 2, tid: 1, ts: 1_000, args: { data: { documentLoaderURL: "http://localhost:4380/about" } } },
    // 20 ms of wall time in which the thread ran 5 ms, with a function call and a layout inside.
    { name: "RunTask", ph: "X", pid: 2, tid: 1, ts: 10_000, dur: 20_000, tdur: 5_000 },
    { name: "FunctionCall", ph: "X", pid: 2, tid: 1, ts: 12_000, dur: 8_000, tdur: 2_000 },
    { name: "Layout", ph: "X", pid: 2, tid: 1, ts: 22_000, dur: 4_000, tdur: 3_000 },
    // A task that ran all its time.
    { name: "RunTask", ph: "X", pid: 2, tid: 1, ts: 40_000, dur: 10_000, tdur: 10_000 },
    // Another thread's task is not the page's main thread: left as it is.
    { name: "RunTask", ph: "X", pid: 2, tid: 7, ts: 10_000, dur: 30_000, tdur: 1_000 },
  ];
}

describe("onPageThreadTime", () => {
  it("shrinks each main-thread task to its thread time, what ran inside it with it, and says how long the thread waited", () => {
    const events = trace();
    const waited = onPageThreadTime(events, "http://localhost:4380/about");
    const [, , , task, call, layout, ranThrough, otherThread] = events;
    expect(task).toMatchObject({ ts: 10_000, dur: 5_000 });
    // A quarter of the wall time: the call's start and length scaled by the task's ratio, still inside it.
    expect(call).toMatchObject({ ts: 10_500, dur: 2_000 });
    expect(layout).toMatchObject({ ts: 13_000, dur: 1_000 });
    expect(layout!.ts + layout!.dur!).toBeLessThanOrEqual(task!.ts + task!.dur!);
    expect(ranThrough).toMatchObject({ ts: 40_000, dur: 10_000 });
    expect(otherThread).toMatchObject({ dur: 30_000 });
    // 30 ms of tasks, 15 ms run.
    expect(waited).toBeCloseTo(0.5);
  });

  it("leaves a trace without the page's navigation as it is", () => {
    const events = trace();
    expect(onPageThreadTime(events, "http://localhost:9999/")).toBe(0);
    expect(events[3]).toMatchObject({ dur: 20_000 });
  });
});
