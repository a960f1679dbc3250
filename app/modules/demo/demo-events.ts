import { siteConfig } from "#app/lib/site-config";
import { venueTime, type EventDraft } from "./factories/events";

/**
 * The demo calendar: every case the spec names, dated relative to the day of seeding so the demo
 * is alive. Listings read it in date order, the featured evening pinned first (decision 041); each
 * lifecycle state is here (published, a draft, an archived one). Each event's title is its natural
 * key (the seed adds only titles it does not find).
 */
export interface DemoEvent extends EventDraft {
  /** Seats already reserved, as separate reservations. */
  reservedSeats?: number[];
}

const soledad = { location: siteConfig.venue.outdoor, address: "6905 La Jolla Scenic Dr S, La Jolla, CA 92037" };
const home = { location: `A private home in ${siteConfig.venue.neighbourhood}`, address: `${siteConfig.venue.neighbourhood}, ${siteConfig.venue.city}, CA (sent with your reservation)` };

export function demoEvents(today = new Date()): DemoEvent[] {
  const at = (days: number, hour: number, minute = 0) => venueTime(siteConfig.venue.timeZone, days, hour, minute, today);
  return [
    {
      title: "Candlelight Piano Meditation",
      startsAt: at(6, 18, 30),
      featured: true,
      maxSeats: 40,
      reservedSeats: [2, 3, 1],
      image: "/media/images/event-candlelight.svg",
      description: "Our signature evening: lie back on a mat by candlelight while Elena improvises at the piano, with a short guided breath to begin.",
      ...home,
    },
    {
      title: "Sunset Piano Meditation at Mt. Soledad",
      startsAt: at(12, 18, 0),
      placement: "rsvp",
      maxSeats: 60,
      // A ticket page exists, but the /rsvp page reserves on site (forced reserve mode).
      getTicketsLink: "https://tickets.harmonia.example/sunset-soledad",
      // A specific picture of the park replaces the default event image.
      image: "/media/images/mt-soledad.svg",
      description: "Watch the sun set over the Pacific with live piano played to wireless headphones, then breathwork and a grounding meditation. Headphones are limited: reserve yours.",
      ...soledad,
    },
    {
      title: "VIP Sunset Gathering at Mt. Soledad",
      startsAt: at(12, 16, 0),
      placement: "vip",
      maxSeats: 20,
      image: "/media/images/event-sunset.svg",
      description: "An intimate hour before the main gathering: a private set at the piano, tea, and a small circle of neighbours.",
      ...soledad,
    },
    {
      title: "Full Moon Piano and Breathwork",
      startsAt: at(20, 19, 0),
      maxSeats: null,
      getTicketsLink: "https://tickets.harmonia.example/full-moon",
      image: "/media/images/event-full-moon.svg",
      description: "A full-moon evening with a partner venue, who sell the tickets: breath, stillness and slow piano under the moon.",
      location: "Harmony Hall, North Park",
      address: "3000 University Ave, San Diego, CA 92104",
    },
    {
      title: "Candlelight Yoga with Live Piano",
      startsAt: at(27, 18, 30),
      maxSeats: 30,
      button: "Reserve a Mat",
      image: "/media/images/event-yoga.svg",
      description: "Gentle slow-flow yoga led by Marcus while the piano follows the breath of the room. All levels; bring a mat.",
      ...home,
    },
    {
      title: "Piano Meditation Retreat Weekend",
      startsAt: at(45, 10, 0),
      maxSeats: null,
      button: "Coming Soon",
      image: "/media/images/event-retreat.svg",
      description: "Two days of music, silence and walks in the hills. Details and booking open soon.",
      location: "Julian, CA",
      address: null,
    },
    {
      title: "Living Room Concert for Friends",
      startsAt: at(15, 19, 30),
      maxSeats: 20,
      button: "Private Event",
      image: "/media/images/event-living-room.svg",
      description: "A private evening for a host's friends and family. Ask us if you would like to host one.",
      ...home,
    },
    {
      title: "Garden Piano Meditation",
      startsAt: at(9, 17, 30),
      maxSeats: 12,
      reservedSeats: [4, 4, 4],
      image: "/media/images/event-garden.svg",
      description: "A small gathering among the roses: twelve mats, one piano, birdsong.",
      ...home,
    },
    {
      title: "Dawn Breathwork on the Beach",
      startsAt: at(18, 6, 30),
      maxSeats: 30,
      soldOut: true,
      image: "/media/images/event-beach.svg",
      description: "Greet the morning with breathwork and a keyboard on the sand. The guest list filled up through our partners.",
      location: "La Jolla Shores",
      address: "8200 Camino Del Oro, La Jolla, CA 92037",
    },
    {
      title: "Winter Solstice Piano Meditation",
      startsAt: at(-20, 18, 0),
      maxSeats: 40,
      reservedSeats: [2, 2],
      image: "/media/images/event-breathwork.svg",
      description: "The longest night of the year, held by candlelight and piano.",
      ...home,
    },
    {
      title: "Breath and Sound Workshop",
      startsAt: at(3, 14, 0),
      maxSeats: 25,
      // Staff marked it by hand; the label is stored in lower case and still shows as 'Past Event'.
      button: "past event",
      image: "/media/images/event-workshop.svg",
      description: "An afternoon workshop on breathing with music. This run has ended; a new one is being planned.",
      ...home,
    },
    {
      // The smallest evening: two mats, so a full guest list and its waiting list are easy to see.
      title: "Piano Circle for Two",
      startsAt: at(20, 19, 0),
      maxSeats: 2,
      image: "/media/images/event-living-room.svg",
      description: "Two mats beside the piano, for a couple or two friends: the most intimate evening we host.",
      ...home,
    },
    {
      title: "Autumn Equinox Gathering",
      startsAt: at(60, 18, 0),
      status: "draft",
      image: "/media/images/event-sunset.svg",
      description: "Still being planned: not shown to visitors until published.",
      ...home,
    },
    {
      title: "Spring Gathering (cancelled)",
      startsAt: at(30, 18, 0),
      status: "archived",
      image: "/media/images/event-garden.svg",
      description: "Cancelled and archived: off the public listing, kept for the records.",
      ...home,
    },
  ];
}

export const demoReservationGuests = [
  { visitorName: "Maya Lindqvist", visitorEmail: "maya.lindqvist@example.com" },
  { visitorName: "Daniel Okafor", visitorEmail: "daniel.okafor@example.com" },
  { visitorName: "Sofia Brennan", visitorEmail: "sofia.brennan@example.com" },
];
