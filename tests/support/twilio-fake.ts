import type { IncomingMessage, ServerResponse } from "node:http";
import { LocalStandIn } from "./local-stand-in";

export interface ReceivedSms {
  sid: string;
  accountSid: string;
  to: string;
  from?: string;
  messagingServiceSid?: string;
  body: string;
  statusCallback?: string;
}

/**
 * A local HTTP server that speaks Twilio's Messages API (the part we use), standing in for Twilio
 * in tests: it checks Basic auth, keeps every message, answers 201 with a `sid`, and can be told
 * to refuse the next messages with a status and Twilio error code (429, 500, 21610 …).
 */
export class TwilioFake extends LocalStandIn {
  readonly received: ReceivedSms[] = [];
  private readonly refusals: { status: number; code: number; message: string }[] = [];
  private sequence = 0;

  constructor(
    readonly accountSid = "AC00000000000000000000000000000000",
    readonly authToken = "test-auth-token-0123456789",
  ) {
    super("Twilio");
  }

  /** The environment a server needs to send through this stand-in. */
  env(from = "+16195550100"): Record<string, string> {
    return { TWILIO_ACCOUNT_SID: this.accountSid, TWILIO_AUTH_TOKEN: this.authToken, TWILIO_FROM: from, TWILIO_API_BASE: this.url };
  }

  /** The next `times` messages are refused with this answer. */
  refuseNext(times: number, answer: { status: number; code: number; message: string }): void {
    for (let index = 0; index < times; index += 1) this.refusals.push(answer);
  }

  to(phone: string): ReceivedSms[] {
    return this.received.filter((message) => message.to === phone);
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? "");
    if (request.method !== "POST" || !match) return answer(404, { code: 20404, message: "The requested resource was not found", status: 404 });
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString("base64")}`;
    if (request.headers.authorization !== expected || match[1] !== this.accountSid) {
      return answer(401, { code: 20003, message: "Authenticate", status: 401 });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const to = form.get("To");
    const body = form.get("Body");
    if (!to || !body || (!form.get("From") && !form.get("MessagingServiceSid"))) {
      return answer(400, { code: 21604, message: "A 'To', 'Body' and 'From' or 'MessagingServiceSid' are required.", status: 400 });
    }
    const refusal = this.refusals.shift();
    if (refusal) return answer(refusal.status, { code: refusal.code, message: refusal.message, status: refusal.status });
    this.sequence += 1;
    const sid = `SM${this.sequence.toString(16).padStart(32, "0")}`;
    this.received.push({
      sid,
      accountSid: match[1]!,
      to,
      from: form.get("From") ?? undefined,
      messagingServiceSid: form.get("MessagingServiceSid") ?? undefined,
      body,
      statusCallback: form.get("StatusCallback") ?? undefined,
    });
    answer(201, { sid, status: "queued", to, body, account_sid: match[1] });
  }
}
