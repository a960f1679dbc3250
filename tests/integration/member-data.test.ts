import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAcceptance } from "#app/modules/demo/factories/invitations";
import { slugForEvent } from "#app/modules/events/event-slug";
import { consentVersionOf, joiningEmailWords, type ConsentSource } from "#app/modules/consent/consent-texts";
import { memberDataMessages } from "#app/modules/members/member-data";
import { mailsTo, sendMagicLinks } from "#tests/support/campaigns";
import { demoInvitationsOf, type DemoInvitation } from "#tests/support/demo-invitations";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

interface Exported {
  email: string;
  user: { email: string } | null;
  communityEntry: unknown;
  newsletter: unknown;
  memberDirectory: unknown;
  reservations: { event: string; seats: number }[];
  invitations: Record<string, unknown>[];
  consents: { purpose: string; granted: boolean; source: string; text_version: string }[];
  consentWords: { source: string; version: string; words: string | null }[];
}

/**
 * A member's consent and data over HTTP with the demo seed: the consents each form writes, the
 * profile's e-mail preferences, the download (and that it holds no token or hash), and deleting
 * the account: gone, signed out, never mailed by a campaign again, still able to reserve.
 */
describe("a member's consent and data", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: string;
  let rosa: DemoInvitation;
  let cookie: string;
  let eventSlug: string;

  const form = (path: string, fields: Record<string, string>, session?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(session ? { Cookie: session } : {}) },
      body: new URLSearchParams(fields),
    });
  const download = async () => {
    const response = await form("/profile/data", {}, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="harmonia-data-\d{4}-\d\d-\d\d\.json"$/);
    const text = await response.text();
    return { text, data: JSON.parse(text) as Exported };
  };
  const reserve = (email: string) => form(`/events/${eventSlug}/reserve`, { name: "Rosa Delgado", email, phone: "6195550187", seats: "2" });

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ ADMIN_EMAILS: "boss@example.com", RATE_LIMIT_MULTIPLIER: "50" }));
    rosa = demoInvitationsOf(server.output()).pending;
    admin = await signInOverHttp(server.url, sink, "boss@example.com");
    const listing = await (await fetch(`${server.url}/events`)).text();
    const words = slugForEvent("Candlelight Piano Meditation", new Date(0)).replace(/-0$/, "");
    eventSlug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)![1]!;
  }, 200_000);
  afterAll(() => stopServerWithMail(server, sink));

  it("records the consent of each form: community, newsletter and invitation, with its source and text version", async () => {
    const joined = await form("/join", { intent: "join", name: "Rosa Delgado", email: rosa.email, phone: "(619) 555-0133", interest: "piano", consent: "on", smsConsent: "on", source: "join" });
    expect(joined.status).toBe(200);
    expect((await form("/newsletter", { email: rosa.email.toUpperCase() })).status).toBe(200);
    const accepted = await fetch(`${server.url}/api/acceptInvitation`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify(buildAcceptance(rosa, { emailUpdates: false })),
    });
    expect(accepted.status).toBe(200);
    expect((await reserve(rosa.email)).status).toBe(200);
    // The sign-in below takes the next e-mail to this address: let the three the forms sent
    // (the community's sign-in link, the newsletter's welcome, the reservation's confirmation) arrive first.
    await waitFor(() => mailsTo(sink, rosa.email).length >= 3);

    cookie = await signInOverHttp(server.url, sink, rosa.email);
    const { data } = await download();
    const given = data.consents.map((row) => `${row.source}:${row.purpose}:${row.granted}`);
    expect(given).toEqual(
      expect.arrayContaining([
        "community_form:terms:true",
        "community_form:privacy:true",
        "community_form:email_updates:true",
        "community_form:sms:true",
        "newsletter:newsletter:true",
        "invitation_form:terms:true",
        "invitation_form:sms:true",
        "invitation_form:email_updates:false",
      ]),
    );
    // Each row carries the version of the words its form showed, and the file gives those words.
    for (const row of data.consents) expect(row.text_version).toBe(consentVersionOf(row.source as ConsentSource));
    const joinWords = data.consentWords.find((entry) => entry.source === "community_form");
    expect(joinWords).toMatchObject({ version: consentVersionOf("community_form") });
    expect(joinWords?.words).toContain(joiningEmailWords);
  });

  it("switches e-mail preferences on the profile, and the page shows them", async () => {
    const profile = async () => (await fetch(`${server.url}/profile`, { headers: { Cookie: cookie } })).text();
    const checkedBoxes = (html: string) =>
      ["newsletter", "campaigns"].filter((name) => new RegExp(`<input id="preference-${name}"[^>]*checked`).test(html));
    expect(checkedBoxes(await profile())).toEqual(["newsletter", "campaigns"]);

    const saved = await form("/profile", { intent: "email-preferences", newsletter: "on" }, cookie);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(memberDataMessages.preferencesSaved);
    expect(checkedBoxes(await profile())).toEqual(["newsletter"]);
    // Campaigns off: a campaign to the member is now skipped.
    const skipped = await sendMagicLinks(server.url, { emails: [rosa.email], subject: "New music", html: "Hi {{link}}" }, { cookie: admin });
    expect(skipped.status).toBe(400);

    await form("/profile", { intent: "email-preferences", newsletter: "on", campaigns: "on" }, cookie);
    expect(checkedBoxes(await profile())).toEqual(["newsletter", "campaigns"]);
    const { data } = await download();
    expect(data.consents.filter((row) => row.source === "profile").map((row) => `${row.purpose}:${row.granted}`)).toEqual(["campaigns:false", "campaigns:true"]);
  });

  it("withdraws and gives SMS consent on the profile: a consents row each way, under the profile's words' version", async () => {
    const profile = async () => (await fetch(`${server.url}/profile`, { headers: { Cookie: cookie } })).text();
    const textsBox = (html: string) => /<input id="texts-consent"[^>]*checked/.test(html);
    // Rosa ticked the texts box on /join and on her invitation.
    expect(textsBox(await profile())).toBe(true);

    const off = await form("/profile", { intent: "texts", phone: "(619) 555-0133" }, cookie);
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("Texts are off: we do not text you.");
    expect(textsBox(await profile())).toBe(false);

    const refused = await form("/profile", { intent: "texts", phone: "", texts: "on" }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter the phone number to text, or untick the text messages box.");

    const on = await form("/profile", { intent: "texts", phone: "(619) 555-0133", texts: "on" }, cookie);
    expect(on.status).toBe(200);
    expect(await on.text()).toContain("Texts are on: we may text (619) 555-0133 about events, at most 4 a month.");
    expect(textsBox(await profile())).toBe(true);

    const { data } = await download();
    const fromProfile = data.consents.filter((row) => row.source === "profile" && row.purpose === "sms");
    expect(fromProfile.map((row) => [row.granted, row.text_version])).toEqual([
      [false, consentVersionOf("profile")],
      [true, consentVersionOf("profile")],
    ]);
    expect(data.consentWords.find((entry) => entry.source === "profile")?.words).toContain("Text me about events at this phone number");
  });

  it("downloads everything held about the member, without any token or hash", async () => {
    const { text, data } = await download();
    expect(data.email).toBe(rosa.email);
    expect(data.user?.email).toBe(rosa.email);
    expect(data.communityEntry).not.toBeNull();
    expect(data.newsletter).not.toBeNull();
    expect(data.memberDirectory).not.toBeNull();
    expect(data.reservations).toEqual([expect.objectContaining({ event: "Candlelight Piano Meditation", seats: 2 })]);
    expect(data.invitations).toHaveLength(1);
    const sessionToken = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    expect(text).not.toContain(sessionToken);
    expect(text).not.toContain(rosa.rid);
    expect(text).not.toMatch(/token|hash|password/i);
    // A visitor gets no file, only the way to sign in.
    const visitor = await form("/profile/data", {});
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
  });

  it("deletes the account after DELETE is typed: signed out, never mailed by a campaign again, still able to reserve", async () => {
    const mistyped = await form("/profile", { intent: "delete-account", confirmation: "delete it" }, cookie);
    expect(mistyped.status).toBe(400);
    const refusal = await mistyped.text();
    expect(refusal).toContain(memberDataMessages.deleteConfirmation);
    // What was typed stays in the field.
    expect(refusal).toMatch(/<input[^>]*id="delete-confirmation"[^>]*value="delete it"|<input[^>]*value="delete it"[^>]*id="delete-confirmation"/);

    const deleted = await form("/profile", { intent: "delete-account", confirmation: "DELETE" }, cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/?account=deleted");
    expect(deleted.headers.getSetCookie().some((value) => value.startsWith("harmonia.session_token=;") || /harmonia\.session_token=.*Max-Age=0/.test(value))).toBe(true);
    expect(await (await fetch(`${server.url}/?account=deleted`)).text()).toContain(memberDataMessages.deleted);

    // The old session is gone on the server, whatever the browser kept.
    const profile = await fetch(`${server.url}/profile`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(profile.status).toBe(302);

    const before = mailsTo(sink, rosa.email).length;
    const campaign = await sendMagicLinks(server.url, { emails: [rosa.email], subject: "After", html: "Hi {{link}}" }, { cookie: admin });
    expect(campaign.status).toBe(400);
    expect(await campaign.json()).toEqual({ error: "Every selected address has unsubscribed; nothing was sent." });
    const toAll = await sendMagicLinks(server.url, { subject: "To all", html: "Hi {{link}}" }, { cookie: admin });
    expect(toAll.status === 200 || toAll.status === 400).toBe(true);

    // Transactional mail still works: the address can reserve again, and gets its confirmation.
    const again = await reserve(rosa.email);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Reservation Confirmed!");
    await waitFor(() => mailsTo(sink, rosa.email).length > before);
    expect(mailsTo(sink, rosa.email).slice(before).map((mail) => mail.subject).some((subject) => /After|To all/.test(subject))).toBe(false);
  });
});
