// The bounce poller's own thread (docs/decisions/051): a second entry of the server build, started
// by the composition root on PostgreSQL. It opens its own connections and runs the same poller the
// server would run in process; "stop" from the server ends the pass in progress, closes the pool
// and lets the thread end.
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "#app/lib/db.server";
import { setLogFormat } from "#app/lib/log.server";
import { startBounceMailboxPoller, type BouncePollerThreadSettings } from "#app/modules/deliverability/index.server";

const settings = workerData as BouncePollerThreadSettings;
setLogFormat(settings.logFormat);
const database = await openDatabase({ databaseUrl: settings.databaseUrl, poolSize: 9 });
const poller = startBounceMailboxPoller({ db: database.db, ...settings.poller });
parentPort?.once("message", async () => {
  await poller.stop();
  await database.close();
  parentPort?.close();
});
