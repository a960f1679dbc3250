import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoEvents } from "#app/modules/demo/demo-events";
import { slugForEvent } from "#app/modules/events/event-slug";
import { startTestServer, type TestServer } from "#tests/support/test-server";

const publicUrl = "https://harmonia.example";

function metaContent(html: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
}

function structuredData(html: string): { nonce: string; data: Record<string, unknown> } {
  const match = /<script type="application\/ld\+json" nonce="([^"]*)">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error("The page has no JSON-LD script with a nonce");
  return { nonce: match[1]!, data: JSON.parse(match[2]!) as Record<string, unknown> };
}

describe("event pages on the demo calendar", () => {
  let server: TestServer;
  /** Slugs of the seeded events by title, as the seed made them (its day is read back from the sitemap). */
  const slugs = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: publicUrl });
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const sunset = /\/events\/(sunset-piano-meditation-at-mt-soledad-(\d+))</.exec(sitemap);
    if (!sunset) throw new Error(`The sitemap lists no sunset event:\n${sitemap}`);
    // The demo sunset gathering starts 12 days after the day of seeding.
    const seedDay = new Date(Number(sunset[2]) * 1000 - 12 * 86_400_000);
    for (const event of demoEvents(seedDay)) slugs.set(event.title, slugForEvent(event.title, event.startsAt));
    expect(slugs.get("Sunset Piano Meditation at Mt. Soledad")).toBe(sunset[1]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const page = (title: string) => fetch(`${server.url}/events/${slugs.get(title)}`);

  it("shares a published event with Open Graph tags and schema.org Event data", async () => {
    const response = await page("Sunset Piano Meditation at Mt. Soledad");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Sunset Piano Meditation at Mt. Soledad</h1>");
    expect(metaContent(html, "og:title")).toBe("Sunset Piano Meditation at Mt. Soledad | Harmonia");
    expect(metaContent(html, "og:description")).toMatch(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4} at 6:00 PM · Mount Soledad Memorial Park\. /);
    expect(metaContent(html, "og:image")).toMatch(/^https:\/\/harmonia\.example\//);
    expect(metaContent(html, "og:url")).toBe(`${publicUrl}/events/${slugs.get("Sunset Piano Meditation at Mt. Soledad")}`);
    expect(html).toContain(`href="/events/${slugs.get("Sunset Piano Meditation at Mt. Soledad")}/calendar.ics"`);
    expect(html).toContain("https://www.google.com/maps/search/?api=1&amp;query=6905%20La%20Jolla%20Scenic%20Dr%20S");

    const { nonce, data } = structuredData(html);
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Sunset Piano Meditation at Mt. Soledad",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Mount Soledad Memorial Park", address: "6905 La Jolla Scenic Dr S, La Jolla, CA 92037" },
      image: [`${publicUrl}/media/images/mt-soledad.svg`],
      organizer: { "@type": "Organization", name: "Harmonia Live Piano Meditation" },
      offers: { "@type": "Offer", availability: "https://schema.org/InStock" },
    });
    const startsAt = Number(/-(\d+)$/.exec(slugs.get("Sunset Piano Meditation at Mt. Soledad")!)![1]) * 1000;
    expect(new Date(data.startDate as string).getTime()).toBe(startsAt);
    expect(new Date(data.endDate as string).getTime()).toBeGreaterThan(startsAt);
  });

  it("marks events whose guest list is full as sold out, by reservations or by flag", async () => {
    for (const title of ["Garden Piano Meditation", "Dawn Breathwork on the Beach"]) {
      const response = await page(title);
      expect(response.status, title).toBe(200);
      const html = await response.text();
      expect(structuredData(html).data.offers, title).toMatchObject({ availability: "https://schema.org/SoldOut" });
      expect(html, title).toContain("Guest List Full");
    }
  });

  it("keeps a past event's page, scheduled, with its card saying 'Past Event'", async () => {
    const html = await (await page("Winter Solstice Piano Meditation")).text();
    expect(structuredData(html).data.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(html).toContain("Past Event");
  });

  it("answers 404 for drafts, hidden events and unknown slugs", async () => {
    for (const path of [
      `/events/${slugs.get("Autumn Equinox Gathering")}`,
      `/events/${slugs.get("Spring Gathering (cancelled)")}`,
      "/events/no-such-event-1",
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain("Event not found");
      expect(html, path).toContain('content="noindex, nofollow"');
      expect(html, path).not.toContain("application/ld+json");
    }
    expect((await fetch(`${server.url}/events/${slugs.get("Autumn Equinox Gathering")}/calendar.ics`)).status).toBe(404);
  });

  it("offers the event as an .ics download", async () => {
    const slug = slugs.get("Sunset Piano Meditation at Mt. Soledad")!;
    const response = await fetch(`${server.url}/events/${slug}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${slug}.ics"`);
    const ics = await response.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("SUMMARY:Sunset Piano Meditation at Mt. Soledad");
  });

  it("lists the published events in the sitemap, and only those", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${publicUrl}/events/${slugs.get("Garden Piano Meditation")}</loc>`);
    expect(sitemap).not.toContain(slugs.get("Autumn Equinox Gathering"));
    expect(sitemap).not.toContain(slugs.get("Spring Gathering (cancelled)"));
  });

  it("shows /rsvp, /reserve and /vip with their titles and placed events", async () => {
    const rsvp = await fetch(`${server.url}/rsvp`);
    expect(rsvp.status).toBe(200);
    const rsvpHtml = await rsvp.text();
    expect(rsvpHtml).toContain(">RSVP</h1>");
    expect(rsvpHtml).toContain('href="#events"');
    expect(rsvpHtml).toContain("Sunset Piano Meditation at Mt. Soledad");

    const reserve = await (await fetch(`${server.url}/reserve`)).text();
    expect(reserve).toContain(">Reserve Your Spot</h1>");
    expect(reserve).toContain("Secure your place at our exclusive events");

    const vip = await fetch(`${server.url}/vip`);
    expect(vip.status).toBe(200);
    const vipHtml = await vip.text();
    expect(vipHtml).toContain(">VIP Invitation</h1>");
    expect(vipHtml).toContain("VIP Sunset Gathering at Mt. Soledad");
    expect(vipHtml).toContain("Reserve VIP Spot");
    expect(vipHtml).toContain("VIP Experience Includes");
    expect(vipHtml).toContain('href="mailto:hello@harmonia.example"');
  });
});

describe("special pages on an empty calendar", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: publicUrl, SEED_DEMO_CONTENT: "false" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("says 'VIP event not found' (404) and 'No events found'", async () => {
    const vip = await fetch(`${server.url}/vip`);
    expect(vip.status).toBe(404);
    expect(await vip.text()).toContain("VIP event not found");
    for (const path of ["/rsvp", "/reserve"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain("No events found");
    }
  });
});
