/**
 * The people behind the evenings, as /about introduces them. Part of the brand's settings (see
 * site-config.ts), in a file of their own so only /about loads their biographies.
 */
export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  image: string;
}

export const siteTeam = [
  {
    name: "Elena Marlow",
    role: "Founder and pianist",
    bio: "Trained as a concert pianist, Elena now plays for rooms of people lying still on yoga mats. She writes most of what you hear at our events.",
    image: "/media/images/team-elena.svg",
  },
  {
    name: "Marcus Reyes",
    role: "Breathwork and yoga guide",
    bio: "Marcus leads the breathing and the gentle candlelight yoga that open each gathering. He has taught slow-flow yoga in San Diego for twelve years.",
    image: "/media/images/team-marcus.svg",
  },
  {
    name: "Priya Natarajan",
    role: "Community and events",
    bio: "Priya finds the venues, welcomes every guest at the door and answers the e-mails. If you have written to us, she has probably written back.",
    image: "/media/images/team-priya.svg",
  },
] satisfies TeamMember[];
