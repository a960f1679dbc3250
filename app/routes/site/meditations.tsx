import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { WaitlistForm } from "#app/components/waitlist-form";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import type { Route } from "./+types/meditations";
import { FaqList } from "#app/components/ui/faq-list";
import { categories, categoryFromSlug, categoryHref, countLabel, faqs, features, meditations } from "#app/components/site/meditation-library";
import { PageHero } from "#app/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Guided Meditations",
    description: `Guided meditations set to live-recorded piano, coming ${siteConfig.meditationsLaunch}. Browse sample sessions for focus, rest and sleep, and join the list to hear first.`,
  });

// The address is the filter's state: the server draws the chosen category, and with JavaScript a
// chip is a client navigation to the same answer. (The canonical link stays /meditations.)
export function loader({ request }: Route.LoaderArgs) {
  const selected = categoryFromSlug(new URL(request.url).searchParams.get("category"));
  return { selected, visible: selected === "All" ? meditations : meditations.filter((meditation) => meditation.category === selected) };
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

      <section aria-labelledby="features-heading" className="defer-render border-y border-ember/60 bg-umber/40">
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

      <section aria-labelledby="faq-heading" className="defer-render mx-auto max-w-3xl px-5 py-24 sm:px-8">
        <FaqList faqs={faqs} />
      </section>

      <section aria-labelledby="launch-heading" className="defer-render bg-umber/60">
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
