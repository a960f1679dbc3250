import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignLinkIn, campaignsOnPage, listUnsubscribeOf, mailsTo, postCommunications, postCommunicationsReviewed, sendMagicLinks } from "#tests/support/campaigns";
import { signInOverHttp } from "#tests/support/http-session";
import { decodedBody, linkIn, type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

/**
 * E-mail campaigns through HTTP, the real outbox and SMTP to an in-process sink: the endpoint's
 * answers, one message per recipient with a personal link, the scanner-proof link page,
 * one-click unsubscribe, pause and resume, the composer's checks and the preview.
 */
describe("e-mail campaigns", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: string;
  let member: string;
  const stamp = Date.now().toString(36);
  const address = (name: string) => `${name}-${stamp}@example.com`;
  const bearer = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!);

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: "boss@example.com",
      RATE_LIMIT_MULTIPLIER: "100",
      MAIL_MAX_CONNECTIONS: "1",
    }));
    admin = await signInOverHttp(server.url, sink, "boss@example.com");
    member = await signInOverHttp(server.url, sink, address("member"));
  }, 60_000);
  afterAll(() => stopServerWithMail(server, sink));

  const message = "Dear {{name}},\n\nThe concert recording is ready: [listen]({{link}}).\n\n1 < 2 and <b>raw</b>";

  it("answers the endpoint's callers: 401 without a session, 403 for a member, 400 for bad input", async () => {
    const body = { campaign: "concert_followup", emails: [address("x")], subject: "Hi", html: message };
    const visitor = await sendMagicLinks(server.url, body);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: "Please log in to access this page." });
    const forbidden = await sendMagicLinks(server.url, body, { bearer: bearer(member) });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "You are not authorized to view this page." });

    const bad = async (payload: unknown) => {
      const response = await sendMagicLinks(server.url, payload, { cookie: admin });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await bad("{not json")).toBeTruthy();
    expect(await bad({ ...body, subject: "" })).toBe("Please enter a subject and a message.");
    expect(await bad({ ...body, html: "  " })).toBe("Please write a message (it can include {{link}} where the sign-in link should go).");
    expect(await bad({ ...body, emails: [] })).toBe("Please select at least one recipient.");
    expect(await bad({ ...body, emails: ["not-an-address"] })).toBe("not-an-address is not a valid e-mail address.");
    expect(await bad({ ...body, emails: "a@example.com" })).toBe("emails must be a list of addresses.");
  });

  it("delivers exactly one message to each unique recipient, each with its own link and unsubscribe headers", async () => {
    const people = [address("ada"), address("bea"), address("cy")];
    const response = await sendMagicLinks(
      server.url,
      { campaign: "concert_followup", emails: [...people, ` ${people[0]!.toUpperCase()} `], subject: "Your recording", html: message },
      { bearer: bearer(admin) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: 3 });

    await waitFor(() => people.every((email) => mailsTo(sink, email).length === 1));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mails = people.map((email) => mailsTo(sink, email));
    expect(mails.map((list) => list.length)).toEqual([1, 1, 1]);
    const links = mails.map((list) => campaignLinkIn(list[0]!));
    expect(new Set(links).size).toBe(3);
    expect(new Set(mails.map((list) => list[0]!.messageId)).size).toBe(3);
    const first = mails[0]![0]!;
    const raw = decodedBody(first);
    expect(first.subject).toBe("Your recording");
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(listUnsubscribeOf(first)).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/unsubscribe\?token=[A-Za-z0-9_-]+$/);
    expect(raw).toContain("Dear friend,");
    // The plain-text part escapes '<'; the HTML never carries the message's raw HTML.
    expect(raw).toContain("1 &lt; 2 and &lt;b>raw&lt;/b>");
    expect(raw).not.toContain("<b>raw</b>");
    expect(raw).toContain(">Unsubscribe</a>");
  });

  it("signs in only when the link's button is pressed, once, and attributes the listening", async () => {
    const email = address("newcomer");
    expect((await sendMagicLinks(server.url, { campaign: "concert_followup", emails: [email], subject: "Music", html: message }, { cookie: admin })).status).toBe(200);
    const mail = await waitFor(() => mailsTo(sink, email)[0]);
    const link = campaignLinkIn(mail);
    const token = new URL(link).searchParams.get("token")!;

    // A mail scanner opens every link: the page only shows a button.
    for (let scan = 0; scan < 2; scan++) {
      const scanned = await fetch(link);
      expect(scanned.status).toBe(200);
      expect(scanned.headers.getSetCookie()).toEqual([]);
      expect(await scanned.text()).toContain("Continue");
    }

    const press = () =>
      fetch(`${server.url}/login/campaign`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ intent: "continue", token }),
      });
    const signedIn = await press();
    expect(signedIn.status).toBe(302);
    const landing = new URL(signedIn.headers.get("location")!, server.url);
    expect(landing.pathname).toBe("/meditation");
    expect(landing.searchParams.get("campaign")).toBe("concert_followup");
    expect(landing.searchParams.get("rid")).toMatch(/^[0-9a-f-]{36}$/);
    const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith("harmonia.session_token="))!;
    expect(session).toBeTruthy();
    // The newcomer is a member now.
    expect(await (await fetch(`${server.url}/`, { headers: { Cookie: session.split(";")[0]! } })).text()).toContain(email);

    const again = await press();
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
    const page = await again.text();
    expect(page).toContain("This sign-in link has expired or has already been used");
    expect(page).toContain("E-mail me a fresh link");
    // The used link's page offers the fresh link straight away too.
    expect(await (await fetch(link)).text()).toContain("E-mail me a fresh link");

    const before = mailsTo(sink, email).length;
    const fresh = await fetch(`${server.url}/login/campaign`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ intent: "fresh-link", email }),
    });
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain("Sign-in link sent!");
    const freshMail = await waitFor(() => mailsTo(sink, email)[before]);
    expect(linkIn(freshMail, "/login/link?")).toBeTruthy();

    const campaigns = await campaignsOnPage(server.url, admin);
    expect(campaigns[0]!.counts.Clicked).toBe("1");
  });

  it("honours a one-click unsubscribe (no cookies, another origin) at once, and the next campaign skips the address", async () => {
    const leaving = address("leaving");
    const staying = address("staying");
    await sendMagicLinks(server.url, { emails: [leaving, staying], subject: "News", html: message }, { cookie: admin });
    const mail = await waitFor(() => mailsTo(sink, leaving)[0]);
    const unsubscribe = listUnsubscribeOf(mail);

    const page = await fetch(unsubscribe);
    expect(await page.text()).toContain("Unsubscribe?");

    const oneClick = await fetch(unsubscribe, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get("location")).toBeNull();
    expect(await oneClick.text()).toContain("You are unsubscribed");
    // Any other cross-site post is still refused.
    const forged = await fetch(`${server.url}/login/campaign`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
      body: "intent=continue&token=x",
    });
    expect(forged.status).toBe(403);

    await waitFor(() => mailsTo(sink, staying).length === 1);
    const next = await sendMagicLinks(server.url, { emails: [leaving, staying], subject: "More news", html: message }, { cookie: admin });
    expect(await next.json()).toEqual({ sent: 1 });
    await waitFor(() => mailsTo(sink, staying).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsTo(sink, leaving)).toHaveLength(1);
    expect((await campaignsOnPage(server.url, admin))[0]!.counts.Skipped).toBe("1");

    // Only the page's explicit button re-subscribes.
    const shown = await fetch(unsubscribe);
    expect(await shown.text()).toContain("Re-subscribe");
    const back = await fetch(unsubscribe, {
      method: "POST",
      // The page's own origin: the link names the site by its public address.
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(unsubscribe).origin },
      body: "intent=resubscribe",
    });
    expect(await back.text()).toContain("will hear from us again");
    expect(await (await sendMagicLinks(server.url, { emails: [leaving], subject: "Welcome back", html: message }, { cookie: admin })).json()).toEqual({ sent: 1 });
  });

  it("pauses delivery and completes it on resume, each recipient once", async () => {
    const people = Array.from({ length: 30 }, (_, index) => address(`paused${index}`));
    sink.answerAfter(150);
    try {
      await sendMagicLinks(server.url, { emails: people, subject: "Slowly", html: message }, { cookie: admin });
      const delivered = () => people.filter((email) => mailsTo(sink, email).length > 0).length;
      await waitFor(() => delivered() >= 2);
      const [campaign] = await campaignsOnPage(server.url, admin);
      const paused = await postCommunications(server.url, admin, { intent: "pause", campaignId: campaign!.id });
      expect(paused.status).toBe(200);
      expect(await paused.text()).toContain("Campaign paused.");

      // Messages already claimed by the sender (one batch) finish; then nothing more goes out.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const atPause = delivered();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(delivered()).toBe(atPause);
      expect(atPause).toBeLessThan(people.length);
      expect((await campaignsOnPage(server.url, admin))[0]!.status).toBe("Paused");

      const resumed = await postCommunications(server.url, admin, { intent: "resume", campaignId: campaign!.id });
      expect(await resumed.text()).toContain("Campaign resumed.");
      await waitFor(() => delivered() === people.length, 30_000);
    } finally {
      sink.answerAfter(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(people.map((email) => mailsTo(sink, email).length).every((count) => count === 1)).toBe(true);
    await waitFor(async () => (await campaignsOnPage(server.url, admin))[0]!.status === "Completed");
  }, 60_000);

  it("lists a failed recipient with the server's reason and retries it", async () => {
    const refused = address("refused");
    sink.refuse(refused, 550, "Mailbox unavailable");
    await sendMagicLinks(server.url, { emails: [refused], subject: "Refused", html: message }, { cookie: admin });
    const page = await waitFor(async () => {
      const html = await (await fetch(`${server.url}/admin/communications`, { headers: { Cookie: admin } })).text();
      return html.includes("Mailbox unavailable") ? html : undefined;
    });
    expect(page).toContain(refused);
    sink.accept(refused);
    const [campaign] = await campaignsOnPage(server.url, admin);
    const retried = await postCommunications(server.url, admin, { intent: "retry", campaignId: campaign!.id });
    expect(await retried.text()).toContain("1 failed recipient queued again.");
    await waitFor(() => mailsTo(sink, refused).length === 1);
    // The failed message's content was cleared (issue 23): the retry sent a freshly written one, with its link.
    expect(campaignLinkIn(mailsTo(sink, refused)[0]!)).toMatch(/\/login\/campaign\?token=/);
  });

  it("checks the composer's input in the spec's words, keeps what was typed, and asks before sending to everyone", async () => {
    const empty = await postCommunications(server.url, admin, { intent: "send", campaign: "concert_followup", subject: "", message: "Kept text" }, [address("a")]);
    expect(empty.status).toBe(400);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain("Please enter a subject and a message.");
    expect(emptyPage).toContain("Kept text");

    const noMessage = await postCommunications(server.url, admin, { intent: "send", subject: "Hello", message: "" }, [address("a")]);
    expect(await noMessage.text()).toContain("Please write a message (it can include {{link}} where the sign-in link should go).");

    // With nobody on the list, there is nobody to ask about.
    const none = await postCommunications(server.url, admin, { intent: "send", subject: "Hello all", message: "Hi {{name}}" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("The community list is empty; nothing was sent.");

    // A community sign-up; then Send with nobody ticked asks the spec's question in its review, and sends nothing.
    const joiner = address("joiner");
    const joined = await fetch(`${server.url}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ intent: "join", name: "Joan Joiner", email: joiner, interest: "piano", consent: "on", emailConsent: "on", source: "join" }),
    });
    expect(joined.status).toBe(200);
    const before = (await campaignsOnPage(server.url, admin)).length;
    const nobody = await postCommunications(server.url, admin, { intent: "send", subject: "Hello all", message: "Hi {{name}}" });
    expect(nobody.status).toBe(200);
    const question = await nobody.text();
    expect(question).toContain("No recipients selected. Send to ALL community?");
    expect(question).toContain("Send to 1 person");
    expect(await campaignsOnPage(server.url, admin)).toHaveLength(before);

    // Its confirm reaches the sign-up.
    const all = await postCommunicationsReviewed(server.url, admin, { intent: "send-all", subject: "Hello all", message: "Hi {{name}}, {{link}}" });
    expect(await all.text()).toContain("Queued for 1 recipient.");
    const mail = await waitFor(() => mailsTo(sink, joiner).find((received) => received.subject === "Hello all"));
    expect(decodedBody(mail)).toContain("Hi Joan,");
  });

  it("previews for a chosen recipient, and sends a preview to the staff member only, not counted as a campaign", async () => {
    const preview = await postCommunications(server.url, admin, { intent: "preview", subject: "Look", message: "Hello {{name}} <i>x</i>", previewAs: "" });
    const html = await preview.text();
    expect(html).toMatch(/Preview for (<!-- -->)?friend/);
    expect(html).toContain("Hello friend");

    const before = (await campaignsOnPage(server.url, admin)).length;
    const seen = mailsTo(sink, "boss@example.com").length;
    const sent = await postCommunications(server.url, admin, { intent: "send-preview", subject: "Look", message: "Hello {{name}}: {{link}}" });
    expect(await sent.text()).toContain("Preview sent to boss@example.com.");
    const mail = await waitFor(() => mailsTo(sink, "boss@example.com")[seen]);
    expect(mail.subject).toBe("[Preview] Look");
    expect(linkIn(mail, "/login/link?")).toContain("magiclinks_preview");
    expect(await campaignsOnPage(server.url, admin)).toHaveLength(before);

    const failed = await postCommunications(server.url, admin, { intent: "send-preview", subject: "", message: "x" });
    expect(await failed.text()).toContain("Failed to send preview: Please enter a subject and a message.");
  });
});
