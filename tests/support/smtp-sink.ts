import { createServer, type Server } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
}

/**
 * A real SMTP server in the test process that accepts everything and keeps it, standing in for
 * a mail provider. It can be stopped and started again on the same port to play an outage.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  /** Recipients the sink turns away, with the SMTP reply code and text it answers RCPT TO with. */
  private readonly refusals = new Map<string, { code: number; message: string }>();
  /** The reply the sink answers every MAIL FROM with, to play a relay that refuses us; none accepts. */
  private senderRefusal: { code: number; message: string } | undefined;
  /** How long the sink takes to answer a message's data, to play a slow provider. */
  private answerDelayMs = 0;

  private constructor(readonly port: number) {}

  /** A sink on a free port, not yet listening. */
  static async onFreePort(): Promise<SmtpSink> {
    return new SmtpSink(await freePort());
  }

  /** A sink on a given port (the browser tests' mail catcher), not yet listening. */
  static async onPort(port: number): Promise<SmtpSink> {
    return new SmtpSink(port);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Answers RCPT TO for `address` with `code` (4xx: try later, 5xx: never) until `accept` is called. */
  refuse(address: string, code: number, message: string): void {
    this.refusals.set(address.toLowerCase(), { code, message });
  }

  accept(address: string): void {
    this.refusals.delete(address.toLowerCase());
  }

  /**
   * Answers every MAIL FROM with `code` and `message` (a relay refusing our sender: bad credentials
   * for that address, our account suspended) until `acceptSenders` is called.
   */
  refuseSenders(code: number, message: string): void {
    this.senderRefusal = { code, message };
  }

  acceptSenders(): void {
    this.senderRefusal = undefined;
  }

  /** Answers each message only after `ms` (0 again for a prompt sink). */
  answerAfter(ms: number): void {
    this.answerDelayMs = ms;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        const refusal = this.senderRefusal;
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refusals.get(address.address.toLowerCase());
        if (!refusal) return callback();
        const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            subject: decodeHeader(raw, "Subject"),
            messageId: decodeHeader(raw, "Message-ID"),
          });
          if (this.answerDelayMs > 0) setTimeout(() => callback(), this.answerDelayMs);
          else callback();
        });
      },
    });
    // A sending server killed mid-message (the crash tests) resets its connection: that is the
    // client's end, not a failure of the sink.
    this.server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") console.error("[smtp-sink]", error);
    });
    await new Promise<void>((resolve, reject) => {
      this.server?.once("error", reject);
      this.server?.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function decodeHeader(raw: string, name: string): string {
  // A long value may start on the next line ("List-Unsubscribe:\n <https://…>"): nodemailer folds it there.
  const match = raw.match(new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im"));
  return (match?.[1] ?? "").replace(/\r?\n[ \t]/g, " ").trim();
}

export async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("Could not find a free port");
  return address.port;
}

/**
 * The message with quoted-printable soft breaks and escapes undone in its body, so links read whole.
 * The top-level headers stay as they were sent: they are never quoted-printable, and a header value such as
 * `?token=5B…` would otherwise be read as an escape.
 */
export function decodedBody(mail: ReceivedMail): string {
  const headerEnd = mail.raw.search(/\r?\n\r?\n/);
  const headers = headerEnd === -1 ? mail.raw : mail.raw.slice(0, headerEnd);
  const body = headerEnd === -1 ? "" : mail.raw.slice(headerEnd);
  return headers + body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A top-level header of a message, its folded lines joined. */
export function headerOf(mail: ReceivedMail, name: string): string {
  const headerEnd = mail.raw.search(/\r?\n\r?\n/);
  return decodeHeader(headerEnd === -1 ? mail.raw : mail.raw.slice(0, headerEnd), name);
}

/** The first link in a message whose address contains `pathPart` (e.g. "/login/link?"). */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const links = decodedBody(mail).match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in the message "${mail.subject}"`);
  return link.replace(/&amp;/g, "&");
}

/** Waits until a message to `to` arrives (after `after` messages to that address), and returns it. */
export async function waitForMail(sink: SmtpSink, to: string, after = 0, timeoutMs = 20_000): Promise<ReceivedMail> {
  const started = Date.now();
  for (;;) {
    const messages = sink.received.filter((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()));
    if (messages.length > after) return messages[after]!;
    if (Date.now() - started > timeoutMs) throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An attached file of a message, by its file name: its Content-Type and its decoded text. */
export function attachmentIn(mail: ReceivedMail, filename: string): { contentType: string; content: string } {
  for (const part of mail.raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, " ");
    if (!new RegExp(`filename="?${filename.replace(/\./g, "\\.")}"?`, "i").test(headers)) continue;
    const body = rest.join("\n\n").replace(/\r?\n--[^\r\n]*--\s*$/, "");
    const base64 = /Content-Transfer-Encoding:\s*base64/i.test(headers);
    return {
      contentType: headers.match(/Content-Type:\s*([^\r\n]+)/i)?.[1]?.trim() ?? "",
      content: base64 ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : body,
    };
  }
  throw new Error(`No attachment ${filename} in the message "${mail.subject}"`);
}
