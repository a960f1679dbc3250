/**
 * A stand-in mail provider for the browser tests, run as its own process by Playwright: a real
 * SMTP server that keeps every message, and a small HTTP API the tests read them back from.
 *   GET /messages?to=<address>  → [{ to, subject, text, links }]
 *   GET /healthz                → 200 once both are listening
 *   POST /refuse?to=<address>&code=550&message=<text> → the SMTP server refuses that recipient from now on
 * Ports: E2E_SMTP_PORT (SMTP) and E2E_MAIL_API_PORT (HTTP).
 */
import { createServer } from "node:http";
import { decodedBody, SmtpSink } from "./smtp-sink";

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4175);
const apiPort = Number(process.env.E2E_MAIL_API_PORT ?? 4176);

const sink = await SmtpSink.onPort(smtpPort);
await sink.start();

const api = createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${apiPort}`);
  if (url.pathname === "/healthz") {
    response.end("ok");
    return;
  }
  if (url.pathname === "/refuse" && request.method === "POST") {
    sink.refuse(url.searchParams.get("to") ?? "", Number(url.searchParams.get("code") ?? 550), url.searchParams.get("message") ?? "Mailbox unavailable");
    response.end("ok");
    return;
  }
  if (url.pathname !== "/messages") {
    response.statusCode = 404;
    response.end();
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const messages = sink.received
    .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to))
    .map((mail) => {
      const text = decodedBody(mail);
      const links = [...new Set((text.match(/https?:\/\/[^\s"'<>]+/g) ?? []).map((link) => link.replace(/&amp;/g, "&")))];
      return { to: mail.to, subject: mail.subject, text, links };
    });
  response.setHeader("Content-Type", "application/json");
  response.end(JSON.stringify(messages));
});
api.listen(apiPort, "127.0.0.1");

const stop = () => {
  api.close();
  void sink.stop().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
