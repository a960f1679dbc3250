import { SmtpSink } from "./smtp-sink";
import { startTestServer, type TestServer } from "./test-server";

/**
 * Most integration files need the same pair: an SMTP sink on a free port and a production server
 * that sends its mail there (sign-in links, confirmations, campaigns). `env` adds to or overrides
 * the server's settings.
 */
export async function startServerWithMail(env: Record<string, string> = {}): Promise<{ server: TestServer; sink: SmtpSink }> {
  const sink = await SmtpSink.onFreePort();
  await sink.start();
  const server = await startTestServer({ SMTP_URL: sink.url, ...env });
  return { server, sink };
}

/** Stops what startServerWithMail started; either may be missing when the start-up failed. */
export async function stopServerWithMail(server: TestServer | undefined, sink: SmtpSink | undefined) {
  await server?.stop();
  await sink?.stop();
}
