/** The pages search engines should know about, for sitemap.xml. */
export const publicPages = [
  { path: "/", changeFrequency: "weekly", priority: 1.0 },
  { path: "/events", changeFrequency: "daily", priority: 0.9 },
  { path: "/reserve", changeFrequency: "weekly", priority: 0.7 },
  { path: "/rsvp", changeFrequency: "weekly", priority: 0.7 },
  { path: "/about", changeFrequency: "monthly", priority: 0.8 },
  { path: "/meditations", changeFrequency: "monthly", priority: 0.7 },
  { path: "/harmonize", changeFrequency: "monthly", priority: 0.7 },
  { path: "/program", changeFrequency: "monthly", priority: 0.5 },
  { path: "/contact", changeFrequency: "yearly", priority: 0.6 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.2 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.2 },
] as const;
