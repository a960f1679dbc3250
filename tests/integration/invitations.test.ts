import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAcceptance } from "#app/modules/demo/factories/invitations";
import { demoInvitationsOf, type DemoInvitation } from "#tests/support/demo-invitations";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/** The endpoints over HTTP against the production build, using the demo seed's three invitations. */
describe("invitations over HTTP", () => {
  let server: TestServer;
  let pending: DemoInvitation, accepted: DemoInvitation, expired: DemoInvitation;

  beforeAll(async () => {
    server = await startTestServer();
    ({ pending, accepted, expired } = demoInvitationsOf(server.output()));
  });
  afterAll(async () => {
    await server?.stop();
  });

  const attendeeData = async (query: string) => {
    const response = await fetch(`${server.url}/api/getAttendeeData?${query}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const accept = async (body: unknown) => {
    const response = await fetch(`${server.url}/api/acceptInvitation`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { error?: string; loginLink?: string } };
  };

  const acceptance = (invitation: { rid: string; email: string }) => buildAcceptance(invitation);

  it("gives the attendee's data for a valid rid, and none for an e-mail alone or an unknown rid", async () => {
    const found = await attendeeData(`rid=${pending.rid}&email=${encodeURIComponent(pending.email)}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      success: true,
      attendee: {
        email: pending.email,
        firstName: pending.firstName,
        lastName: pending.lastName,
        phone: pending.phone,
        city: pending.city,
        state: pending.state,
        eventHistory: pending.eventHistory,
      },
    });

    for (const query of [`email=${encodeURIComponent(pending.email)}`, `rid=not-a-real-invitation&email=${encodeURIComponent(pending.email)}`]) {
      const refused = await attendeeData(query);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.body.success).toBe(false);
      expect(refused.body.error).toEqual(expect.any(String));
      expect(JSON.stringify(refused.body)).not.toContain(pending.phone);
    }
    expect((await attendeeData(`rid=${"x".repeat(500)}`)).status).toBe(400);
  });

  it("says clearly when an invitation has expired or was already accepted", async () => {
    expect(await attendeeData(`rid=${expired.rid}`)).toEqual({
      status: 410,
      body: { success: false, error: "This invitation has expired. Please ask us for a new one at hello@harmonia.example." },
    });
    const taken = await attendeeData(`rid=${accepted.rid}`);
    expect(taken.status).toBe(409);
    expect(taken.body.success).toBe(false);
  });

  it("opens nothing with the demo rids a README once published: each installation makes its own", async () => {
    for (const rid of ["eHcNyW0wyuHb6XdCDb3xKP4ut1GYNO2g", "iLQDawuA6vTuva97e63hNObQw8l2efQV"]) {
      expect((await attendeeData(`rid=${rid}`)).status).toBe(404);
      const taken = await accept(buildAcceptance({ rid, email: accepted.email }));
      expect(taken.status).toBeGreaterThanOrEqual(400);
      expect(taken.body.loginLink).toBeUndefined();
    }
  });

  it("answers other methods with 405", async () => {
    const posted = await fetch(`${server.url}/api/getAttendeeData?rid=${pending.rid}`, { method: "POST", headers: { Origin: server.url } });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET");
    const read = await fetch(`${server.url}/api/acceptInvitation`);
    expect(read.status).toBe(405);
    expect(read.headers.get("allow")).toBe("POST");
  });

  it("refuses bad bodies and incomplete forms with 400 and the spec's messages", async () => {
    expect((await accept("{not json")).status).toBe(400);
    expect((await accept("[1, 2]")).status).toBe(400);
    const oversized = await accept({ ...acceptance(pending), city: "x".repeat(20_000) });
    expect(oversized.status).toBe(400);
    expect(oversized.body.error).toBe("The request body is too large (at most 10 kB).");

    expect(await accept({ ...acceptance(pending), firstName: " " })).toEqual({
      status: 400,
      body: { error: "Please fill in all required fields" },
    });
    // A phone and texts are never a condition of the gift (decision 054); texts need the number they go to.
    expect(await accept({ ...acceptance(pending), phone: " ", smsConsent: true })).toEqual({
      status: 400,
      body: { error: "Please enter the phone number to text, or untick the text messages box." },
    });
    expect(await accept({ ...acceptance(pending), phone: "12", smsConsent: true })).toEqual({
      status: 400,
      body: { error: "Please enter a phone number we can text (e.g. +1 619 555 0100), or untick the text messages box." },
    });
    expect(await accept({ ...acceptance(pending), termsAccepted: false })).toEqual({
      status: 400,
      body: { error: "You must accept the Terms of Service to continue" },
    });
  });

  it("refuses an e-mail that is not the invitation's with 400", async () => {
    expect(await accept({ ...acceptance(pending), email: "someone.else@example.com" })).toEqual({
      status: 400,
      body: { error: "Please use the email address this invitation was sent to." },
    });
  });

  it("accepts a pending invitation once and returns a sign-in link that works exactly once", async () => {
    const first = await accept({ ...acceptance(pending), email: pending.email.toUpperCase() });
    expect(first.status).toBe(200);
    const link = new URL(first.body.loginLink!);
    expect(link.pathname).toBe("/login/link");
    expect(link.searchParams.get("next")).toBe("/meditation");

    const signIn = () =>
      fetch(`${server.url}/login/link`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ token: link.searchParams.get("token")!, next: "/meditation" }),
      });
    const signedIn = await signIn();
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/meditation");
    const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith("harmonia.session_token="));
    expect(session).toBeDefined();
    const home = await fetch(`${server.url}/`, { headers: { Cookie: session!.split(";")[0]! } });
    expect(await home.text()).toContain(pending.email);

    const again = await signIn();
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);

    const second = await accept(acceptance(pending));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: "This invitation has already been accepted. Log in to hear your music." });
    expect((await attendeeData(`rid=${pending.rid}`)).status).toBe(409);
  });

  it("refuses an expired invitation with its clear message", async () => {
    expect(await accept(acceptance(expired))).toEqual({
      status: 410,
      body: { error: "This invitation has expired. Please ask us for a new one at hello@harmonia.example." },
    });
  });

  it("works as a plain form post too, and shows what is wrong without losing the input", async () => {
    const rid = "an-invitation-we-never-sent";
    const form = new URLSearchParams({ rid, email: "nora@example.com", firstName: "Nora", lastName: "", phone: "+1 760 555 0166" });
    const response = await fetch(`${server.url}/invitation?rid=${rid}&email=nora%40example.com`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: form,
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Please fill in all required fields");
    expect(page).toContain('value="Nora"');
  });

  it("limits repeated attempts with 429 and the wait", async () => {
    let last = await accept(acceptance(expired));
    for (let attempt = 0; attempt < 10 && last.status !== 429; attempt += 1) last = await accept(acceptance(expired));
    expect(last.status).toBe(429);
    expect(last.body.error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});
