import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCommunitySignup, uniqueEmail } from "#app/modules/demo/factories/community";
import { slugForEvent } from "#app/modules/events/event-slug";
import { reservationMessages } from "#app/modules/reservations/reservation-form";
import { unusualCharactersMessage } from "#app/modules/security/control-characters";
import { signInOverHttp } from "#tests/support/http-session";
import { decodedBody, type SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * The limits on what a visitor may write (docs/decisions/013) at their real values, over HTTP
 * against the production build with its demo calendar, e-mail over real SMTP. Each test comes
 * from its own client address (one forwarded hop, TRUST_PROXY) so the limits of one do not
 * shape another.
 */
describe("limits on visitors' reservations and sign-ups", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const slugs = new Map<string, string>();
  let nextClient = 1;
  const newClient = () => `203.0.113.${nextClient++}`;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ TRUST_PROXY: "true", OUTBOX_RETRY_DELAY_SECONDS: "1" }));
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    for (const title of ["Candlelight Piano Meditation", "VIP Sunset Gathering at Mt. Soledad", "Candlelight Yoga with Live Piano", "Piano Circle for Two"]) {
      const words = slugForEvent(title, new Date(0)).replace(/-0$/, "");
      const slug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)?.[1];
      if (!slug) throw new Error(`No link to ${title} on /events`);
      slugs.set(title, slug);
    }
  });
  afterAll(() => stopServerWithMail(server, sink));

  const post = (path: string, fields: Record<string, string>, client: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": client },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const reserve = async (title: string, fields: Record<string, string>, client: string) => {
    const response = await post(`/events/${slugs.get(title)}/reserve`, fields, client);
    return { status: response.status, retryAfter: response.headers.get("Retry-After"), html: await response.text() };
  };
  const guest = (email: string, seats = "1") => ({ name: "Grace Hopper", email, phone: "6195550100", seats });
  const tagged = (email: string, tag: string) => email.replace("@", `+${tag}@`);
  const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase()));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  describe("reservations", () => {
    it("refuses a client's sixth attempt in ten minutes (429, Retry-After) and keeps what was typed", async () => {
      const client = newClient();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await reserve("Candlelight Piano Meditation", guest(uniqueEmail("client-limit")), client)).status).toBe(200);
      }
      const typed = guest(uniqueEmail("client-limit"), "2");
      const refused = await reserve("Candlelight Piano Meditation", typed, client);
      expect(refused.status).toBe(429);
      expect(refused.html).toContain("Too many attempts. Please try again in 10 minutes.");
      expect(Number(refused.retryAfter)).toBeGreaterThan(540);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600);
      expect(refused.html).not.toContain("Reservation Confirmed!");
      for (const value of Object.values(typed)) expect(refused.html).toContain(`value="${value}"`);
      // Another visitor is not affected.
      expect((await reserve("Candlelight Piano Meditation", guest(uniqueEmail("client-limit")), newClient())).status).toBe(200);
    });

    it("refuses a fourth attempt for one address on one event within the hour, however it is spelled", async () => {
      const email = uniqueEmail("address-limit");
      for (const tag of ["a", "b", "c"]) {
        expect((await reserve("Candlelight Piano Meditation", guest(tagged(email, tag)), newClient())).status).toBe(200);
      }
      const refused = await reserve("Candlelight Piano Meditation", guest(email.toUpperCase()), newClient());
      expect(refused.status).toBe(429);
      expect(refused.html).toContain("Too many attempts. Please try again in 60 minutes.");
      // The same address may still reserve for another event.
      expect((await reserve("Candlelight Yoga with Live Piano", guest(email), newClient())).status).toBe(200);
    });

    it("holds one address to 10 seats per event while others can still reserve", async () => {
      const email = uniqueEmail("seat-cap");
      expect((await reserve("VIP Sunset Gathering at Mt. Soledad", guest(email, "7"), newClient())).status).toBe(200);
      const over = await reserve("VIP Sunset Gathering at Mt. Soledad", guest(tagged(email, "x"), "4"), newClient());
      expect(over.status).toBe(409);
      expect(over.html).toContain(reservationMessages.seatsPerAddressReached);
      expect(over.html).toContain("This address can reserve 3 more seats.");
      expect((await reserve("VIP Sunset Gathering at Mt. Soledad", guest(tagged(email, "y"), "3"), newClient())).status).toBe(200);
      expect((await reserve("VIP Sunset Gathering at Mt. Soledad", guest(uniqueEmail("seat-cap"), "10"), newClient())).status).toBe(200);
    });

    it("writes a guest's name with $` and $& patterns literally into a confirmation of normal size", async () => {
      const name = "$`$`$`$&$'";
      const email = uniqueEmail("dollar");
      expect((await reserve("Candlelight Piano Meditation", { ...guest(email), name }, newClient())).status).toBe(200);
      const plain = uniqueEmail("plain");
      expect((await reserve("Candlelight Piano Meditation", { ...guest(plain), name: "Grace" }, newClient())).status).toBe(200);
      const mail = await waitForMail(sink, email);
      const reference = await waitForMail(sink, plain);
      expect(decodedBody(mail)).toContain(name);
      expect(mail.raw.length).toBeLessThan(reference.raw.length + 500);
    });
  });

  describe("a client's seats per event (docs/decisions/037)", () => {
    it("refuses seats past the client's daily budget for the event, whatever addresses it types, and counts nothing for the refusal", async () => {
      const client = newClient();
      const title = "Candlelight Yoga with Live Piano";
      for (const seats of ["4", "4"]) expect((await reserve(title, guest(uniqueEmail("throwaway"), seats), client)).status).toBe(200);
      const typed = guest(uniqueEmail("throwaway"), "3");
      const refused = await reserve(title, typed, client);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(23 * 60 * 60);
      expect(refused.html).toContain("Only 2 more seats can be reserved for this event from your connection today.");
      for (const value of Object.values(typed)) expect(refused.html).toContain(`value="${value}"`);
      // The refusal took nothing: the two seats left are still there, then nothing is.
      expect((await reserve(title, guest(uniqueEmail("throwaway"), "2"), client)).status).toBe(200);
      const spent = await reserve(title, guest(uniqueEmail("throwaway"), "1"), client);
      expect(spent.status).toBe(429);
      expect(spent.html).toContain("No more seats can be reserved for this event from your connection today.");
      // Another event, and another client, have their own budgets.
      expect((await reserve("Candlelight Piano Meditation", guest(uniqueEmail("throwaway"), "1"), client)).status).toBe(200);
      expect((await reserve(title, guest(uniqueEmail("throwaway"), "10"), newClient())).status).toBe(200);
    });

    it("counts the seats of a waiting-list place in the same budget (an offer holds them)", async () => {
      const client = newClient();
      const title = "Piano Circle for Two";
      expect((await reserve(title, guest(uniqueEmail("circle"), "2"), client)).status).toBe(200);
      expect((await post(`/events/${slugs.get(title)}/waiting-list`, guest(uniqueEmail("circle"), "8"), client)).status).toBe(200);
      const refused = await post(`/events/${slugs.get(title)}/waiting-list`, guest(uniqueEmail("circle"), "1"), client);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("No more seats can be reserved for this event from your connection today.");
    });
  });

  describe("an IPv6 client rotating addresses inside its /64", () => {
    let prefix = 0;
    const newNetwork = () => {
      const network = `2001:db8:${++prefix}:7`;
      let host = 1;
      return () => `${network}::${(host++).toString(16)}`;
    };

    it("meets the reservation limit as one client", async () => {
      const next = newNetwork();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await reserve("Candlelight Yoga with Live Piano", guest(uniqueEmail("v6")), next())).status).toBe(200);
      }
      expect((await reserve("Candlelight Yoga with Live Piano", guest(uniqueEmail("v6")), next())).status).toBe(429);
    });

    it("meets the newsletter limit as one client", async () => {
      const next = newNetwork();
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await post("/newsletter", { email: uniqueEmail("v6-loop") }, next())).status).toBe(200);
      expect((await post("/newsletter", { email: uniqueEmail("v6-loop") }, next())).status).toBe(429);
      // The neighbouring /64 is another client.
      expect((await post("/newsletter", { email: uniqueEmail("v6-loop") }, newNetwork()())).status).toBe(200);
    });
  });

  describe("sign-ups", () => {
    it("welcomes one newsletter inbox once and refuses its fourth sign-up within the hour (429), keeping the address", async () => {
      const email = uniqueEmail("newsletter");
      for (const tag of ["one", "two", "three"]) {
        const response = await post("/newsletter", { email: tagged(email, tag) }, newClient());
        expect(response.status).toBe(200);
      }
      const typed = tagged(email, "four");
      const refused = await post("/newsletter", { email: typed }, newClient());
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
      const page = await refused.text();
      expect(page).toContain("Too many attempts. Please try again in 60 minutes.");
      expect(page).toContain(`value="${typed}"`);
      await waitForMail(sink, tagged(email, "one"));
      await settle();
      const welcomes = ["one", "two", "three"].flatMap((tag) => mailsTo(tagged(email, tag)));
      expect(welcomes).toHaveLength(1);
    });

    it("refuses a client's eleventh newsletter sign-up within the hour", async () => {
      const client = newClient();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await post("/newsletter", { email: uniqueEmail("loop") }, client)).status).toBe(200);
      }
      const refused = await post("/newsletter", { email: uniqueEmail("loop") }, client);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Too many attempts. Please try again in 60 minutes.");
    });

    it("confirms one waitlist inbox once (Gmail dots and tags included) and refuses its fourth sign-up", async () => {
      const local = `wait.list.${Date.now().toString(36)}`;
      for (const address of [`${local}@gmail.com`, `${local.replaceAll(".", "")}+x@gmail.com`, `${local}@googlemail.com`]) {
        expect((await post("/waitlist", { email: address, source: "meditations" }, newClient())).status).toBe(200);
      }
      const refused = await post("/waitlist", { email: `${local}+y@gmail.com`, source: "meditations" }, newClient());
      expect(refused.status).toBe(429);
      const page = await refused.text();
      expect(page).toContain("Too many attempts. Please try again in 60 minutes.");
      expect(page).toContain(`value="${local}+y@gmail.com"`);
      await waitForMail(sink, `${local}@gmail.com`);
      await settle();
      const confirmations = sink.received.filter((mail) => mail.subject === "You're on the list" && mail.to.some((to) => to.includes(local.replaceAll(".", "")) || to.includes(local)));
      expect(confirmations).toHaveLength(1);
    });

    it("refuses a community inbox's fourth sign-up within the hour (429), keeping what was typed", async () => {
      const email = uniqueEmail("community");
      for (const tag of ["a", "b", "c"]) {
        expect((await post("/join", { intent: "join", ...buildCommunitySignup({ email: tagged(email, tag) }) }, newClient())).status).toBe(200);
      }
      const typed = buildCommunitySignup({ email: tagged(email, "d"), name: "Ada Byron", phone: "6195550111" });
      const refused = await post("/join", { intent: "join", ...typed }, newClient());
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
      const page = await refused.text();
      expect(page).toContain("Too many attempts. Please try again in 60 minutes.");
      for (const value of [typed.name, typed.email, typed.phone!]) expect(page).toContain(`value="${value}"`);
    });
  });

  describe("a NUL byte in a slug or rid", () => {
    it.each([
      ["the event page", "GET", "/events/%00", 404],
      ["the event page (inside the slug)", "GET", "/events/garden%00piano", 404],
      ["the reservation page", "GET", "/events/%00/reserve", 404],
      ["the calendar file", "GET", "/events/%00/calendar.ics", 404],
      ["the attendee data", "GET", "/api/getAttendeeData?rid=%00", 400],
      ["the attendee data (inside the rid)", "GET", "/api/getAttendeeData?rid=abc%00def", 400],
      ["the invitation page", "GET", "/invitation?rid=%00", 404],
    ])("is answered as unknown on %s (%s %s)", async (_route, method, path, status) => {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status).toBe(status);
    });

    it("is answered as unknown when reserving", async () => {
      const response = await post("/events/a%00b/reserve", guest(uniqueEmail("nul")), newClient());
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(reservationMessages.eventNotFound);
    });

    it("is bad input when accepting an invitation", async () => {
      const response = await fetch(`${server.url}/api/acceptInvitation`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          phone: "6195550100",
          smsConsent: true,
          termsAccepted: true,
          rid: "abc\u0000def",
        }),
      });
      expect(response.status).toBe(400);
    });

    it("leaves no server error in the log", () => {
      expect(server.output()).not.toMatch(/invalid byte sequence|0x00/);
    });
  });

  describe("a NUL byte in free text", () => {
    const nul = (text: string) => `${text}\u0000`;
    let adminCookie = "";
    beforeAll(async () => {
      adminCookie = await signInOverHttp(server.url, sink, "admin@harmonia.example");
    });

    it.each([
      ["/join", () => ({ intent: "join", ...buildCommunitySignup({ email: uniqueEmail("nul-join"), name: nul("Ada") }) })],
      ["/signup", () => ({ name: nul("Ada"), email: uniqueEmail("nul-signup"), password: "long enough 1", confirmPassword: "long enough 1" })],
      ["/friend", () => ({ name: nul("Ada"), email: uniqueEmail("nul-friend") })],
    ])("%s answers 400 with the field's message", async (path, fields) => {
      const response = await post(path, fields(), newClient());
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(unusualCharactersMessage);
    });

    // A NUL is refused at the server's entry before any page runs (server/nul-input.ts): the
    // fields' own words, naming the field.
    it("/waitlist answers 400 with the fields' message", async () => {
      const response = await post("/waitlist", { email: uniqueEmail("nul-waitlist"), source: "harmonize", plan: nul("Monthly") }, newClient());
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(unusualCharactersMessage);
    });

    it("/api/trackAudio answers 400 with the field's message", async () => {
      const response = await fetch(`${server.url}/api/trackAudio`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": newClient() },
        body: JSON.stringify({ trackSrc: "/media/audio/still-water.mp3", trackTitle: nul("Still Water"), action: "play", position: 0 }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.stringContaining(unusualCharactersMessage) });
    });

    it("a staff search answers 400 with the message", async () => {
      for (const path of ["/admin/communications?q=%00", "/admin/eventreservations?q=a%00b", "/admin?q=%00"]) {
        const response = await fetch(`${server.url}${path}`, { headers: { Cookie: adminCookie } });
        expect(response.status, path).toBe(400);
        expect(await response.text(), path).toContain(unusualCharactersMessage);
      }
    });

    it("the event editor answers 400 with the field's message, or 404 for an id with a NUL", async () => {
      const editor = (fields: Record<string, string>) =>
        fetch(`${server.url}/admin/eventmanagement`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: adminCookie },
          body: new URLSearchParams(fields),
        });
      const event = { intent: "create", title: "Nul evening", image: "/media/images/event-garden.svg", date: "2031-05-14", time: "19:00", location: "Hall" };
      const created = await editor({ ...event, description: nul("Line one\nline two") });
      expect(created.status).toBe(400);
      expect(await created.text()).toContain(unusualCharactersMessage);
      for (const intent of ["update", "toggle-featured", "delete-for-good", "publish", "duplicate"]) {
        const response = await editor({ ...event, description: "Fine.", intent, id: nul("abc") });
        expect(response.status, intent).toBeGreaterThanOrEqual(400);
        expect(response.status, intent).toBeLessThan(500);
      }
    });

    it("logs no query parameters", () => {
      expect(server.output()).not.toMatch(/params:|nul-(join|signup|waitlist|friend)/);
    });
  });
});
