import { Headphones, NotebookPen, Piano, Sparkles, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { WaitlistForm } from "~/components/waitlist-form";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import type { Route } from "./+types/meditations";
import { FaqList, type Faq } from "~/components/ui/faq-list";
import { PageHero } from "~/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Guided Meditations",
    description: `Guided meditations set to live-recorded piano, coming ${siteConfig.meditationsLaunch}. Browse sample sessions for focus, rest and sleep, and join the list to hear first.`,
  });

const categories = ["All", "Focus", "Relaxation", "Energy", "Healing", "Stress Relief", "Creativity", "Sleep"] as const;
type Category = (typeof categories)[number];

interface Meditation {
  id: string;
  title: string;
  minutes: number;
  category: Exclude<Category, "All">;
  description: string;
  image: string;
}

const meditations: Meditation[] = [
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

const features: { title: string; icon: LucideIcon; text: string }[] = [
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

const faqs: Faq[] = [
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
function categorySlug(category: Category): string {
  return category.toLowerCase().replace(/\s+/g, "-");
}

/** Anything but a known category's slug (none, a typo, an old link) shows them all. */
function categoryFromSlug(slug: string | null): Category {
  return categories.find((category) => category !== "All" && categorySlug(category) === slug) ?? "All";
}

/** The chips are links, so the filter works before hydration and without JavaScript; they land on the list. */
function categoryHref(category: Category): string {
  return `${category === "All" ? "/meditations" : `?category=${categorySlug(category)}`}#library-heading`;
}

// The address is the filter's state: the server draws the chosen category, and with JavaScript a
// chip is a client navigation to the same answer. (The canonical link stays /meditations.)
export function loader({ request }: Route.LoaderArgs) {
  const selected = categoryFromSlug(new URL(request.url).searchParams.get("category"));
  return { selected, visible: selected === "All" ? meditations : meditations.filter((meditation) => meditation.category === selected) };
}

function countLabel(count: number): string {
  return `Showing ${count} ${count === 1 ? "meditation" : "meditations"}`;
}

export default function MeditationsPage({ loaderData }: Route.ComponentProps) {
  const { selected, visible } = loaderData;

  return (
    <>
      <PageHero glow="warm" className="mx-auto grid max-w-6xl items-center gap-12 px-5 pt-20 pb-16 sm:px-8 sm:pt-28 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-amber/50 bg-amber/10 px-4 py-1.5 text-sm font-semibold text-amber">
            <Sparkles aria-hidden size={16} />
            Coming Soon
          </p>
          <h1 className="mt-6 animate-fade-up text-5xl text-ivory sm:text-6xl">Guided Meditations</h1>
          <p className="mt-6 max-w-xl text-lg text-sand sm:text-xl">
            The calm of our candlelit evenings, ready whenever you need it. Short guided sessions set to live-recorded
            piano, for focus, rest and sleep.
          </p>
        </div>
        <div className="rounded-3xl border border-ember bg-umber/70 p-7">
          <h2 className="text-2xl text-ivory">Be the first to listen</h2>
          <p className="mt-2 mb-5 text-sand">
            Leave your e-mail and we will let you know when the platform opens. We respect your privacy and will never
            share your information.
          </p>
          <WaitlistForm id="meditations-waitlist" source="meditations" />
        </div>
      </PageHero>

      <section aria-labelledby="library-heading" className="mx-auto max-w-6xl px-5 py-16 sm:px-8">
        <p className="eyebrow">A first look</p>
        <h2 id="library-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
          Sample meditations
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-sand">
          A few of the sessions we are recording now. Choose a category to see what it holds.
        </p>

        <nav aria-label="Filter meditations by category" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => {
              const current = category === selected;
              return (
                <li key={category}>
                  <Link
                    to={categoryHref(category)}
                    preventScrollReset
                    aria-current={current ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full border px-5 py-2 text-sm font-semibold transition-colors ${
                      current
                        ? "border-amber bg-amber text-night"
                        : "border-ember bg-umber/70 text-sand hover:border-amber/70 hover:text-amber"
                    }`}
                  >
                    {category}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <p role="status" aria-live="polite" className="mt-5 text-sm text-mist">
          {countLabel(visible.length)}
        </p>

        {visible.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((meditation) => (
              <li key={meditation.id} className="flex flex-col overflow-hidden rounded-3xl border border-ember bg-umber/70">
                <img
                  src={meditation.image}
                  alt=""
                  width={800}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] h-auto w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-7">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="font-semibold text-amber">{meditation.category}</span>
                    <span aria-hidden className="text-mist">
                      ·
                    </span>
                    <span className="text-mist">{meditation.minutes} minutes</span>
                  </p>
                  <h3 className="mt-3 text-2xl text-ivory">{meditation.title}</h3>
                  <p className="mt-3 flex-1 text-sand">{meditation.description}</p>
                  <button type="button" disabled className="button-secondary mt-6 w-full">
                    Coming Soon
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-3xl border border-dashed border-ember p-10 text-center">
            <p className="font-display text-2xl text-ivory">No {selected} meditations yet</p>
            <p className="mx-auto mt-3 max-w-md text-sand">
              We are still recording sessions for this category. Join the list above and we will tell you when they are
              ready.
            </p>
            <Link to={categoryHref("All")} preventScrollReset className="button-secondary mt-6">
              Show all meditations
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="features-heading" className="border-y border-ember/60 bg-umber/40">
        <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8">
          <p className="eyebrow">What to expect</p>
          <h2 id="features-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
            Made for everyday stillness
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {features.map((feature) => (
              <li key={feature.title} className="rounded-3xl border border-ember bg-umber/70 p-7">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-ember text-amber">
                  <feature.icon aria-hidden size={22} strokeWidth={1.6} />
                </span>
                <h3 className="mt-5 text-2xl text-ivory">{feature.title}</h3>
                <p className="mt-3 text-sand">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-5 py-24 sm:px-8">
        <FaqList faqs={faqs} />
      </section>

      <section aria-labelledby="launch-heading" className="bg-umber/60">
        <div className="mx-auto max-w-6xl px-5 py-20 text-center sm:px-8">
          <p className="eyebrow">Launch</p>
          <h2 id="launch-heading" className="mx-auto mt-3 max-w-2xl text-4xl text-ivory sm:text-5xl">
            Opening {siteConfig.meditationsLaunch}
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-lg text-sand">
            We are recording the first sessions now, one piece at a time at the piano. Until then, the best way to hear
            the music is live, at one of our candlelit gatherings in {siteConfig.venue.city}.
          </p>
        </div>
      </section>
    </>
  );
}
