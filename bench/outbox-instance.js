// One instance of the server without its HTTP side, for `npm run bench:outbox` (bench/outbox.js):
// starts the real runtime (database, migrations, pooled SMTP transport, job runner, outbox sender)
// from the environment it is given, then queues BENCH_MESSAGES bulk messages through `sendEmail` (10 at a time),
// and a transactional one every 250 ms until the parent says the bulk run is in, reporting when
// each was queued. It runs apart from the parent so that its peak RSS is the sender's own.
process.env.NODE_ENV = "production";
const { startRuntime, stopRuntime } = await import("#server/runtime.ts");
const { sendEmail } = await import("#app/modules/messaging/index.server.ts");

const count = Number(process.env.BENCH_MESSAGES ?? 10_000);
const runtime = await startRuntime();
const db = runtime.database.db;
const send = (message) => process.send?.(message);

// About the size of a real newsletter: a few kB of HTML and text.
const paragraph = "Harmonia's next concert brings strings, winds and a choir to the old hall. ".repeat(12);
const message = (key, priority) => ({
  kind: priority === "bulk" ? "bench-campaign" : "sign-in",
  to: `${key}@bench.example`,
  subject: key,
  html: `<p>${paragraph}</p><p>${paragraph}</p>`,
  text: `${paragraph}\n\n${paragraph}`,
  idempotencyKey: `bench:${key}`,
  priority,
});

let transactional = 0;
let stopping = false;
process.on("message", async (command) => {
  if (command !== "stop" || stopping) return;
  stopping = true;
  clearInterval(ticker);
  await stopRuntime(runtime);
  process.exit(0);
});

send({ type: "started", at: Date.now() });
const ticker = setInterval(() => {
  const key = `transactional-${transactional++}`;
  const queuedAt = Date.now();
  sendEmail(db, message(key, "transactional"), runtime.wake.outbox)
    .then(() => send({ type: "transactional", key, queuedAt }))
    .catch((error) => console.error("queueing a transactional message failed:", error.message));
}, 250);
// A campaign is queued by several producers at once (one row per recipient), as a web request
// pool would; on the embedded database they take turns anyway.
let next = 0;
await Promise.all(
  Array.from({ length: 10 }, async () => {
    while (next < count && !stopping) await sendEmail(db, message(`bulk-${next++}`, "bulk"), runtime.wake.outbox);
  }),
);
send({ type: "queued", at: Date.now() });
