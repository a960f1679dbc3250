// The Guided Meditations page's library (with its category filter in the address), features and questions.
import { Headphones, NotebookPen, Piano, Sparkles, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { siteConfig } from "#app/lib/site-config";
import type { Faq } from "#app/components/ui/faq-list";

export const categories = ["All", "Focus", "Relaxation", "Energy", "Healing", "Stress Relief", "Creativity", "Sleep"] as const;
export type Category = (typeof categories)[number];

export interface Meditation {
  id: string;
  title: string;
  minutes: number;
  category: Exclude<Category, "All">;
  description: string;
  image: string;
}

export const meditations: Meditation[] = [
  {
    id: "clear-mind",
    title: "Clear Mind, Steady Hands",
    minutes: 10,
    category: "Focus",
    description: "A short, bright session for the start of a workday. A simple repeating melody gives your attention one place to rest.",
    image: "/media/images/meditation-focus.svg",
  },
  {
    id: "morning-arpeggios",
    title: "Morning Arpeggios",
    minutes: 15,
    category: "Energy",
    description: "Rising patterns on the piano and a gentle, lengthening breath to wake the body without coffee or hurry.",
    image: "/media/images/meditation-energy.svg",
  },
  {
    id: "open-keys",
    title: "Open Keys",
    minutes: 18,
    category: "Creativity",
    description: "Loose improvisation and a few open questions to let ideas drift in. Keep a notebook nearby for afterwards.",
    image: "/media/images/meditation-creativity.svg",
  },
  {
    id: "tide-pool-rest",
    title: "Tide Pool Rest",
    minutes: 20,
    category: "Relaxation",
    description: "A slow body scan carried by soft chords, written for the hour after work when your shoulders are still up by your ears.",
    image: "/media/images/meditation-relaxation.svg",
  },
  {
    id: "gentle-mending",
    title: "Gentle Mending",
    minutes: 25,
    category: "Healing",
    description: "Warm, low harmonies and kind words for heavy days. There is nothing to fix here, only room to feel what is present.",
    image: "/media/images/meditation-healing.svg",
  },
  {
    id: "candle-down",
    title: "Candle Down",
    minutes: 30,
    category: "Sleep",
    description: "The piano slows a little with every minute while you unwind from head to toe. Most listeners never hear the last note.",
    image: "/media/images/meditation-sleep.svg",
  },
];

export const features: { title: string; icon: LucideIcon; text: string }[] = [
  {
    title: "Piano-guided sessions",
    icon: Piano,
    text: `Every meditation is set to original piano by ${siteConfig.founder.name}, recorded live rather than looped.`,
  },
  {
    title: "Recommendations for you",
    icon: Sparkles,
    text: "A short intake quiz suggests sessions that fit your mood, your schedule and how much time you have.",
  },
  {
    title: "Self-reflection worksheets",
    icon: NotebookPen,
    text: "Gentle prompts to write down what you noticed, so the calm of a session stays with you a little longer.",
  },
  {
    title: "Progress you can feel",
    icon: Headphones,
    text: "Track the minutes you have listened and the sessions you return to, without streaks or pressure.",
  },
];

export const faqs: Faq[] = [
  {
    question: "When will the guided meditations be available?",
    answer: `We plan to open the platform in ${siteConfig.meditationsLaunch}. Join the list above and we will let you know the day it opens.`,
  },
  {
    question: "Do I need any meditation experience?",
    answer: "None at all. Every session explains what to do as it goes, and you are always welcome to simply lie back and listen.",
  },
  {
    question: "Will the meditations cost anything?",
    answer: (
      <>
        Three sessions will be free for everyone. Paid plans open the rest of the library and add live virtual group
        sessions; you can{" "}
        <Link to="/harmonize" className="text-amber underline underline-offset-4 hover:text-ivory">
          compare the plans
        </Link>{" "}
        and join the waitlist for the one that suits you.
      </>
    ),
  },
  {
    question: "What will I need to listen?",
    answer: "Headphones or a speaker, and somewhere to sit or lie down comfortably. Sessions will play in the browser on your phone, tablet or computer.",
  },
];

/** The category in the address: `?category=stress-relief`. */
export function categorySlug(category: Category): string {
  return category.toLowerCase().replace(/\s+/g, "-");
}

/** Anything but a known category's slug (none, a typo, an old link) shows them all. */
export function categoryFromSlug(slug: string | null): Category {
  return categories.find((category) => category !== "All" && categorySlug(category) === slug) ?? "All";
}

/** The chips are links, so the filter works before hydration and without JavaScript; they land on the list. */
export function categoryHref(category: Category): string {
  return `${category === "All" ? "/meditations" : `?category=${categorySlug(category)}`}#library-heading`;
}

export function countLabel(count: number): string {
  return `Showing ${count} ${count === 1 ? "meditation" : "meditations"}`;
}
