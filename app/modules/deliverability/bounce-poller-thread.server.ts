import { Worker } from "node:worker_threads";
import { log, logFailure, type LogFormat } from "#app/lib/log.server";
import type { BounceMailboxOptions } from "./bounce-mailbox.server";

/** What the bounce poller's thread needs: plain values, since they cross to another thread. */
export interface BouncePollerThreadSettings {
  databaseUrl: string;
  logFormat: LogFormat;
  poller: Omit<BounceMailboxOptions, "db"> & { seconds: number };
}

/** How long a stop waits for the thread's pass in progress before ending the thread. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts the bounce mailbox's poller on a thread of its own (docs/decisions/051, "the web stays
 * responsive"): reading the mailbox, parsing reports and recording them take the poller's turns
 * off the event loop that answers pages. Only on PostgreSQL, where the thread opens its own small
 * pool; the embedded database lives in the server's own thread, so there the poller stays in
 * process. `workerFile` is the built entry (build/server/bounce-worker.js).
 */
export function startBouncePollerThread(workerFile: string, settings: BouncePollerThreadSettings): { stop(): Promise<void> } {
  const worker = new Worker(workerFile, { workerData: settings, name: "bounce-poller" });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    worker.once("exit", (code) => {
      exited = true;
      if (code !== 0) log("error", "bounces", `the bounce poller's thread ended with code ${code}; bounces are not read until the next start`);
      resolve();
    });
  });
  worker.on("error", (error) => logFailure("bounces", "the bounce poller's thread", error));
  // The server may stop without waiting for the thread (it stops it below when it shuts down).
  worker.unref();
  return {
    async stop() {
      if (exited) return;
      worker.postMessage("stop");
      const timeout = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timeout);
    },
  };
}
