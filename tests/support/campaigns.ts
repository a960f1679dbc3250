import { decodedBody, headerOf, type ReceivedMail, type SmtpSink } from "./smtp-sink";

/** Messages the sink received for `email` (compared case-insensitively). */
export function mailsTo(sink: SmtpSink, email: string): ReceivedMail[] {
  return sink.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase()));
}

/** POST /api/sendMagicLinksToCommunity with a cookie or a bearer token. */
export function sendMagicLinks(baseUrl: string, body: unknown, auth: { cookie?: string; bearer?: string } = {}) {
  return fetch(`${baseUrl}/api/sendMagicLinksToCommunity`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(auth.cookie ? { Cookie: auth.cookie, Origin: baseUrl } : {}),
      ...(auth.bearer ? { Authorization: `Bearer ${auth.bearer}` } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A form post to /admin/communications as the staff member of `cookie`; `recipients` repeat. */
export function postCommunications(baseUrl: string, cookie: string, fields: Record<string, string>, recipients: string[] = []) {
  const body = new URLSearchParams(fields);
  for (const email of recipients) body.append("recipients", email);
  return fetch(`${baseUrl}/admin/communications`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, Cookie: cookie },
    body,
  });
}

/** The token of a send's review on a page the action answered with (docs/decisions/042). */
export const reviewTokenIn = (html: string) => /name="confirm" value="([^"]+)"/.exec(html)?.[1];

/**
 * A mass send as staff make it on /admin/communications: the first press answers with the review
 * (nothing sent), then its confirm carries the review's token. Answers the confirm's response, or
 * the first one when it was no review (a refusal).
 */
export async function postCommunicationsReviewed(baseUrl: string, cookie: string, fields: Record<string, string>, recipients: string[] = []) {
  const first = await postCommunications(baseUrl, cookie, fields, recipients);
  const html = await first.clone().text();
  const confirm = reviewTokenIn(html);
  return confirm ? postCommunications(baseUrl, cookie, { ...fields, confirm }, recipients) : first;
}

/** The campaigns on the staff page, newest first: id, status and counts as the page shows them. */
export async function campaignsOnPage(baseUrl: string, cookie: string) {
  const html = await (await fetch(`${baseUrl}/admin/communications`, { headers: { Cookie: cookie } })).text();
  return [...html.matchAll(/data-campaign-id="([^"]+)"[\s\S]*?data-testid="campaign-status">([^<]+)<[\s\S]*?data-testid="campaign-counts">([\s\S]*?)<\/dl>/g)].map(
    (match) => {
      const counts = Object.fromEntries(
        [...match[3]!.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>([^<]+)<\/dd>/g)].map((pair) => [pair[1]!, pair[2]!]),
      );
      return { id: match[1]!, status: match[2]!, counts };
    },
  );
}

/** The List-Unsubscribe address of a message. */
export function listUnsubscribeOf(mail: ReceivedMail): string {
  const match = headerOf(mail, "List-Unsubscribe").match(/^<([^>]+)>/);
  if (!match) throw new Error(`No List-Unsubscribe header in "${mail.subject}"`);
  return match[1]!;
}

/** The personal campaign link of a message (its token stops at the first character a token cannot hold). */
export function campaignLinkIn(mail: ReceivedMail): string {
  const match = decodedBody(mail).match(/https?:\/\/[^\s"'<>()]+\/login\/campaign\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`No campaign link in "${mail.subject}"`);
  return match[0];
}
