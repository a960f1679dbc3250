import { describe, expect, it } from "vitest";
import { buildEvent } from "#app/modules/demo/factories/events";
import { eventStructuredData, jsonForScript } from "./event-structured-data";

const options = {
  publicUrl: "https://harmonia.example",
  timeZone: "America/Los_Angeles",
  organizer: { name: "Harmonia Live Piano Meditation", email: "hello@harmonia.example" },
};
const event = {
  ...buildEvent({
    title: "Sunset Piano Meditation",
    startsAt: new Date("2026-06-11T01:00:00Z"),
    durationMinutes: 90,
    location: "Mount Soledad Memorial Park",
    address: "6905 La Jolla Scenic Dr S, La Jolla, CA 92037",
    image: "/media/images/mt-soledad.svg",
    maxSeats: 12,
  }),
  seatsReserved: 4,
};

describe("eventStructuredData", () => {
  it("describes the event with its times in the venue's zone, place, organizer and open offer", () => {
    const data = eventStructuredData(event, options);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Sunset Piano Meditation",
      url: `https://harmonia.example/events/${event.slug}`,
      image: ["https://harmonia.example/media/images/mt-soledad.svg"],
      startDate: "2026-06-10T18:00:00.000-07:00",
      endDate: "2026-06-10T19:30:00.000-07:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Mount Soledad Memorial Park", address: "6905 La Jolla Scenic Dr S, La Jolla, CA 92037" },
      organizer: { "@type": "Organization", name: "Harmonia Live Piano Meditation", email: "hello@harmonia.example" },
      offers: { "@type": "Offer", url: `https://harmonia.example/events/${event.slug}`, availability: "https://schema.org/InStock" },
    });
    expect(new Date(data.startDate).getTime()).toBe(event.startsAt.getTime());
  });

  it("is SoldOut when the seats are taken or the flag is set, and points the offer at a ticket page", () => {
    expect(eventStructuredData({ ...event, seatsReserved: 12 }, options).offers.availability).toBe("https://schema.org/SoldOut");
    expect(eventStructuredData({ ...event, soldOut: true }, options).offers.availability).toBe("https://schema.org/SoldOut");
    expect(eventStructuredData({ ...event, getTicketsLink: "https://tickets.example/x" }, options).offers.url).toBe("https://tickets.example/x");
  });

  it("keeps a past event scheduled (schema.org has no past status) and leaves out an unknown address", () => {
    const past = eventStructuredData({ ...event, startsAt: new Date("2020-01-01T02:00:00Z"), address: null }, options);
    expect(past.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(past.startDate).toBe("2019-12-31T18:00:00.000-08:00");
    expect(past.location).toEqual({ "@type": "Place", name: "Mount Soledad Memorial Park" });
  });
});

describe("jsonForScript", () => {
  it("escapes '<' so the text cannot close the script, and still parses to the same value", () => {
    const value = { description: "Bring a mat </script><script>alert(1)</script>" };
    const text = jsonForScript(value);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(value);
  });
});
