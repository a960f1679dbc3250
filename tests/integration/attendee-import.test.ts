import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listUnsubscribeOf, mailsTo, sendMagicLinks } from "#tests/support/campaigns";
import { signInOverHttp } from "#tests/support/http-session";
import { decodedBody, headerOf, linkIn, type SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

/**
 * The import of past attendees and the invitations panel over HTTP, with the real outbox and SMTP
 * to an in-process sink: the spec's error texts, the 5 MB limit, the preview's counts, the
 * invitations and e-mails a confirmation makes, a re-import that makes nothing, resend and revoke,
 * the friend invitation generator, and who may do any of it.
 */
describe("importing past attendees", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: string;
  let member: string;
  const stamp = Date.now().toString(36);
  const address = (name: string) => `${name}-${stamp}@example.com`;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "false", ADMIN_EMAILS: "boss@example.com", RATE_LIMIT_MULTIPLIER: "100" }));
    admin = await signInOverHttp(server.url, sink, "boss@example.com");
    member = await signInOverHttp(server.url, sink, address("member"));
  }, 200_000);
  afterAll(() => stopServerWithMail(server, sink));

  const upload = (content: string | Uint8Array<ArrayBuffer>, cookie = admin, fileName = "attendees.csv") => {
    const form = new FormData();
    form.append("intent", "preview");
    form.append("file", new Blob([content], { type: "text/csv" }), fileName);
    return fetch(`${server.url}/admin/communications/import`, {
      method: "POST",
      headers: { Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: form,
    });
  };
  const confirm = (importId: string, cookie = admin) => {
    const form = new FormData();
    form.append("intent", "confirm");
    form.append("importId", importId);
    return fetch(`${server.url}/admin/communications/import`, { method: "POST", headers: { Origin: server.url, Cookie: cookie }, body: form });
  };
  const countsOf = (html: string) =>
    Object.fromEntries([...html.matchAll(/data-testid="import-count-(\w+)">(\d+)</g)].map((match) => [match[1]!, Number(match[2])]));
  const importIdOf = (html: string) => html.match(/name="importId" value="([0-9a-f-]{36})"/)?.[1] ?? "";
  const postDashboard = (fields: Record<string, string>, cookie = admin) =>
    fetch(`${server.url}/admin?index`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  const attendeeData = async (rid: string) => {
    const response = await fetch(`${server.url}/api/getAttendeeData?rid=${encodeURIComponent(rid)}`);
    return { status: response.status, body: (await response.json()) as { attendee?: { eventHistory: unknown[]; firstName: string }; error?: string } };
  };
  const ridOf = (link: string) => new URL(link).searchParams.get("rid") ?? "";
  const invitationLinkIn = (email: string, index = 0) => linkIn(mailsTo(sink, email)[index]!, "/invitation?rid=");

  const ada = address("ada");
  const bea = address("bea");
  const gone = address("gone");
  const file = [
    "Order,First Name,Last Name,Email,City,State,Event Name,Event Start Date",
    `1,Ada,Lovelace,${ada.toUpperCase()},San Diego,CA,Sunset Session,9/14/2025 6:00 PM`,
    `2,Bea,Ode,${bea},La Jolla,CA,Spring Session,2025-04-06`,
    `3,Bea,Ode, ${bea} ,La Jolla,CA,Summer Session,July 20th 2025`,
    `4,Bea,Ode,${bea},La Jolla,CA,Autumn Session,Oct 5th`,
    `5,Mem,Ber,${address("member")},,,Sunset Session,9/14/2025`,
    `6,Gone,Away,${gone},,,Sunset Session,9/14/2025`,
    "7,No,Address,not an address,,,Sunset Session,9/14/2025",
    "TOTALS,,,,,,,7 tickets",
  ].join("\n");

  it("refuses visitors (401) and members (403)", async () => {
    expect((await upload(file, "")).status).toBe(401);
    expect((await upload(file, member)).status).toBe(403);
    expect((await confirm("00000000-0000-4000-8000-000000000000", member)).status).toBe(403);
    expect((await postDashboard({ intent: "revoke-invitation", id: "00000000-0000-4000-8000-000000000000" }, member)).status).toBe(403);
    expect((await postDashboard({ intent: "send-friend-invitation", name: "Fay", email: address("fay") }, member)).status).toBe(403);
  });

  it("says the spec's texts for an empty file and for a file without an e-mail column", async () => {
    const empty = await upload("Email,First Name\n");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("CSV file appears to be empty or invalid");
    const noEmail = await upload("Name,City\nAda,Paris\n");
    expect(noEmail.status).toBe(400);
    expect(await noEmail.text()).toContain("CSV file must contain an email column");
    const none = await upload("", admin, "");
    expect(none.status).toBe(400);
  });

  it("reads a file saved as Windows-1252 or UTF-16, as spreadsheets on Windows save them (issue 23)", async () => {
    const text = `Email,First Name,Last Name\n${address("zoe")},Zoë,Œuvre\n`;
    const windows1252 = Uint8Array.from(text, (character) => ({ ë: 0xeb, Œ: 0x8c })[character] ?? character.charCodeAt(0));
    const utf16 = new Uint8Array(new Uint16Array([0xfeff, ...Array.from(text, (character) => character.charCodeAt(0))]).buffer);
    for (const bytes of [windows1252, utf16]) {
      const preview = await upload(bytes);
      const html = await preview.text();
      expect(preview.status).toBe(200);
      expect(html).toContain("Zoë Œuvre");
    }
  });

  it("names the row of a quote that is never closed instead of reading the rest of the file as one field (issue 23)", async () => {
    const refused = await upload(`Email,First Name\n${address("ida")},Ida\n${address("jo")},"Jo\n${address("kim")},Kim\n`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Row 3 opens a quotation mark");
  });

  it("refuses a file above 5 MB with 413, whether the route or the server's edge sees it first", async () => {
    const justOver = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61);
    const refused = await upload(justOver, admin);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("This file is larger than 5 MB");
    const huge = await upload(new Uint8Array(6 * 1024 * 1024).fill(0x61), admin);
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("too large");
  });

  it("previews, then creates one invitation per new person and e-mails each their link; the unsubscribed are skipped", async () => {
    // 'gone' unsubscribes from a campaign first, with the one-click POST of its e-mail.
    const campaign = await sendMagicLinks(server.url, { campaign: "concert_followup", emails: [gone], subject: "Hello", html: "Hi {{link}}" }, { cookie: admin });
    expect(campaign.status).toBe(200);
    const unsubscribe = listUnsubscribeOf(await waitForMail(sink, gone));
    const oneClick = await fetch(unsubscribe, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    const previewed = await upload(file, admin);
    expect(previewed.status).toBe(200);
    const html = await previewed.text();
    expect(countsOf(html)).toEqual({ new: 2, merged: 1, members: 1, unsubscribed: 1, invited: 0, invalid: 2 });
    expect(html).toContain("not an address");
    // Nothing is sent by a preview.
    expect(mailsTo(sink, ada)).toHaveLength(0);

    const confirmed = await confirm(importIdOf(html));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("2 invitations created");

    await waitFor(() => mailsTo(sink, ada).length === 1 && mailsTo(sink, bea).length === 1);
    const link = invitationLinkIn(ada);
    expect(link).toMatch(/\/invitation\?rid=[A-Za-z0-9_-]{32}&campaign=past_attendee_invitation$/);
    const mail = mailsTo(sink, ada)[0]!;
    expect(mail.subject).toContain("4 unreleased tracks");
    expect(mail.raw).toContain("expires in 30 days");
    expect(mail.raw).toContain("Hello Ada,");

    const bees = await attendeeData(ridOf(invitationLinkIn(bea)));
    expect(bees.status).toBe(200);
    expect(bees.body.attendee?.eventHistory).toEqual([
      { name: "Spring Session", date: "2025-04-06" },
      { name: "Summer Session", date: "2025-07-20" },
      { name: "Autumn Session", date: "October 5" },
    ]);
    // The unsubscribed address got its campaign message only, and the member nothing.
    expect(mailsTo(sink, gone)).toHaveLength(1);

    // The same preview cannot be confirmed twice.
    expect((await confirm(importIdOf(html))).status).toBe(410);
  });

  it("creates nothing and sends nothing when the same file is imported again", async () => {
    const html = await (await upload(file, admin)).text();
    expect(countsOf(html)).toMatchObject({ new: 0, invited: 2, members: 1, unsubscribed: 1 });
    const confirmed = await confirm(importIdOf(html));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("No new invitations");
    // A marker mail sent after the re-import arrives after anything the re-import could have sent.
    await postDashboard({ intent: "send-friend-invitation", name: "Marker", email: address("marker") });
    await waitForMail(sink, address("marker"));
    expect(mailsTo(sink, ada)).toHaveLength(1);
    expect(mailsTo(sink, bea)).toHaveLength(1);
  });

  it("resends with a new link and the old one stops working; revokes so the link stops working", async () => {
    const oldRid = ridOf(invitationLinkIn(ada));
    const listed = await (await fetch(`${server.url}/admin?list=invitations&q=${encodeURIComponent(ada)}`, { headers: { Cookie: admin } })).text();
    const id = listed.match(/name="intent" value="resend-invitation"\/><input type="hidden" name="id" value="([0-9a-f-]{36})"/)?.[1];
    expect(id).toBeTruthy();

    const resent = await postDashboard({ intent: "resend-invitation", id: id! });
    expect(resent.status).toBe(200);
    await waitFor(() => mailsTo(sink, ada).length === 2);
    const newRid = ridOf(invitationLinkIn(ada, 1));
    expect(newRid).not.toBe(oldRid);
    expect((await attendeeData(oldRid)).status).toBe(404);
    expect((await attendeeData(newRid)).status).toBe(200);

    const revoked = await postDashboard({ intent: "revoke-invitation", id: id! });
    expect(revoked.status).toBe(200);
    const refused = await attendeeData(newRid);
    expect(refused.status).toBe(410);
    expect(refused.body.error).toContain("no longer valid");
    const accepted = await fetch(`${server.url}/api/acceptInvitation`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({
        rid: newRid, email: ada, firstName: "Ada", lastName: "Lovelace", phone: "+16195550100", city: "", state: "",
        communicationPreference: "everything", discoveryMethod: "attended_event", interests: [], smsConsent: true, emailUpdates: true, termsAccepted: true,
      }),
    });
    expect(accepted.status).toBe(410);
    expect((await postDashboard({ intent: "revoke-invitation", id: id! })).status).toBe(409);
    expect((await postDashboard({ intent: "resend-invitation", id: "not-an-id" })).status).toBe(404);
    const page = await (await fetch(`${server.url}/admin?list=invitations&q=${encodeURIComponent(ada)}`, { headers: { Cookie: admin } })).text();
    expect(page).toContain(">Revoked<");
  });

  it("gives each invitation e-mail its own one-click unsubscribe; once used, the person is not invited by e-mail again", async () => {
    const mail = mailsTo(sink, bea)[0]!;
    const unsubscribe = listUnsubscribeOf(mail);
    expect(unsubscribe).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{32}$/);
    expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // The same address in the message, for people whose mail client shows no button.
    expect(decodedBody(mail)).toContain(unsubscribe);
    expect(decodedBody(mail)).toContain("Rather not hear from us?");

    const page = await fetch(unsubscribe);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(bea);
    const oneClick = await fetch(unsubscribe, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    // A resend writes a new message, which the sender then drops: nothing reaches Bea.
    const listed = await (await fetch(`${server.url}/admin?list=invitations&q=${encodeURIComponent(bea)}`, { headers: { Cookie: admin } })).text();
    const id = listed.match(/name="intent" value="resend-invitation"\/><input type="hidden" name="id" value="([0-9a-f-]{36})"/)?.[1];
    expect((await postDashboard({ intent: "resend-invitation", id: id! })).status).toBe(200);
    await postDashboard({ intent: "send-friend-invitation", name: "Marker", email: address("marker-2") });
    await waitForMail(sink, address("marker-2"));
    expect(mailsTo(sink, bea)).toHaveLength(1);
  });

  it("sends a friend invitation with a personal /friend link, and says 'Error: …' for a blank field", async () => {
    const blank = await postDashboard({ intent: "send-friend-invitation", name: "   ", email: address("fay") });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Error: Please enter your friend&#x27;s name.");
    const badEmail = await postDashboard({ intent: "send-friend-invitation", name: "Fay", email: " " });
    expect(badEmail.status).toBe(400);

    const sent = await postDashboard({ intent: "send-friend-invitation", name: "  Fay Wray ", email: ` ${address("fay")} ` });
    expect(sent.status).toBe(200);
    const mail = await waitForMail(sink, address("fay"));
    expect(mail.raw).toContain("Hello Fay,");
    expect(linkIn(mail, "/friend?")).toMatch(/\/friend\?rid=[A-Za-z0-9_-]{24}&campaign=friend_invitation$/);
  });
});
