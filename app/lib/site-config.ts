/**
 * Everything a brand would change to make the site its own: names, people, contact details,
 * links and venue facts. Pages read these values; none of them is written into a page.
 * The team's biographies are in site-team.ts: only /about shows them, and these facts travel with
 * every page's script. The defaults describe the demo brand. Staff allow-lists are not here: they are secrets of a
 * deployment and come from the environment (see env.server.ts).
 */
export interface SocialLink {
  name: "Instagram" | "YouTube" | "Facebook" | "Spotify";
  href: string;
}

export const siteConfig = {
  brand: {
    name: "Harmonia",
    fullName: "Harmonia Live Piano Meditation",
    tagline: "Live piano meditation by candlelight",
    blurb:
      "Harmonia gathers people around a piano at dusk: live music, slow breath and candlelight, in living rooms, parks and quiet places around San Diego.",
    memberProgramName: "Harmonizers",
  },
  founder: {
    name: "Elena Marlow",
    title: "Founder and pianist",
    image: "/media/images/founder.svg",
  },
  contact: {
    email: "hello@harmonia.example",
    phone: "+1 (619) 555-0142",
    hours: "Weekdays 9am-5pm EST",
    responseTime: "24-48 hours",
  },
  social: [
    { name: "Instagram", href: "https://www.instagram.com/harmonia.piano" },
    { name: "YouTube", href: "https://www.youtube.com/@harmonia.piano" },
    { name: "Spotify", href: "https://open.spotify.com/artist/harmonia" },
    { name: "Facebook", href: "https://www.facebook.com/harmonia.piano" },
  ] satisfies SocialLink[],
  whatsappUrl: "https://chat.whatsapp.com/harmonia-community",
  donationUrl: "https://donate.stripe.com/harmonia",
  /**
   * The suggested contribution per seat, in whole US dollars (issue 37): the reservation form offers
   * the range with the suggested amount chosen, and the server takes nothing outside it.
   */
  contribution: { minPerSeat: 20, maxPerSeat: 40, suggestedPerSeat: 30, currency: "usd" },
  /** A one-off gift through our /donate page (with Stripe configured), in whole US dollars. */
  gift: { minDollars: 5, maxDollars: 1000, suggestedDollars: 50 },
  venue: {
    name: "a private home",
    neighbourhood: "La Jolla",
    city: "San Diego",
    timeZone: "America/Los_Angeles",
    /** ISO 3166 code: phone numbers without a country code are read as this country's. */
    country: "US" as const,
    /** Where the outdoor sunset gatherings take place. */
    outdoor: "Mount Soledad Memorial Park",
    note: "Most gatherings happen in a private home in La Jolla; the address is sent with your reservation. Some take place outdoors at Mount Soledad and other venues around San Diego.",
  },
  legal: {
    /** The date the current Terms and Privacy Policy took effect (ISO date). */
    effectiveDate: "2026-09-01",
    governingLaw: "California",
    minimumAge: 13,
    maxSmsPerMonth: 4,
    currency: "US dollars",
    liabilityCapMonths: 3,
  },
  meditationsLaunch: "Summer 2027",
  friendPage: {
    /** The gathering the friend page invites to, with its external ticket page. */
    nextEvent: {
      title: "Next Piano Meditation Experience",
      location: "Mount Soledad Memorial Park",
      date: "Sun 14th Sep",
      time: "6:00pm",
      ticketUrl: "https://tickets.harmonia.example/next-piano-meditation",
    },
  },
} as const;

export type SiteConfig = typeof siteConfig;
