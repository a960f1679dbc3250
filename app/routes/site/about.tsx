import { HeartHandshake, Music, Sprout, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "#app/lib/seo";
import { FounderPortrait } from "#app/components/founder-portrait";
import { siteConfig } from "#app/lib/site-config";
import { siteTeam } from "#app/lib/site-team";
import type { Route } from "./+types/about";
import { PageHero } from "#app/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About Us",
    description: `Why ${siteConfig.brand.name} exists: live piano, slow breath and candlelight in ${siteConfig.venue.city}. Meet founder ${siteConfig.founder.name}, our values and the small team behind every evening.`,
  });

const values: { name: string; icon: LucideIcon; text: string }[] = [
  {
    name: "Harmony",
    icon: Music,
    text: "Music works best when nothing competes with it. We keep our evenings simple, unhurried and quiet, so the piano, your breath and the room can settle into one rhythm.",
  },
  {
    name: "Compassion",
    icon: HeartHandshake,
    text: "Everyone arrives carrying something. There is nothing to perform and no right way to rest: come tired, come curious, come alone. You will be welcomed the same way.",
  },
  {
    name: "Transformation",
    icon: Sprout,
    text: "Change rarely arrives all at once. An hour of stillness, repeated, can soften a hard week and, over months, a hard habit. We make room for that slow kind of change.",
  },
];

export default function AboutPage() {
  const { brand, founder, venue } = siteConfig;
  const team = siteTeam;
  return (
    <>
      <PageHero glow="soft" className="mx-auto max-w-6xl px-5 pt-20 pb-16 sm:px-8 sm:pt-28">
        <p className="eyebrow animate-fade-up">About {brand.name}</p>
        <h1 className="mt-5 max-w-3xl animate-fade-up text-5xl text-ivory sm:text-6xl">
          A quiet room, a live piano and time to breathe
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-sand sm:text-xl">
          {brand.blurb}
        </p>
      </PageHero>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-6xl px-5 py-16 sm:px-8">
        <div className="rounded-3xl border border-ember bg-umber/70 p-7 sm:p-12">
          <p className="eyebrow">Our mission</p>
          <h2 id="mission-heading" className="mt-3 max-w-3xl text-4xl text-ivory sm:text-5xl">
            To make stillness something you can share
          </h2>
          <p className="mt-5 max-w-3xl text-lg text-sand">
            {brand.name} exists to give people an hour where nothing is asked of them. We bring live piano, guided breath
            and candlelight to living rooms, parks and quiet corners of {venue.city}, and keep the evenings small enough
            that strangers can rest side by side without feeling like an audience.
          </p>
        </div>
      </section>

      <section aria-labelledby="story-heading" className="defer-render bg-umber/60">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 py-24 sm:px-8 md:grid-cols-2">
          <FounderPortrait />
          <div>
            <p className="eyebrow">Our founder</p>
            <h2 id="story-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
              How {brand.name} began
            </h2>
            <div className="mt-5 space-y-4 text-lg text-sand">
              <p>
                {founder.name} trained as a concert pianist and spent years playing recitals in halls where people sat very
                upright and very still. Over time she noticed that the pieces that moved listeners most were the quiet
                ones, and that many people closed their eyes the moment she began to play softly.
              </p>
              <p>
                So she tried something simpler. She invited twelve friends to her living room, lit a few candles, asked
                everyone to lie down, and played for an hour without a program or applause. Nobody spoke afterwards for a
                long while. The next month, twenty people came.
              </p>
              <p>
                Today {founder.name} is our {founder.title.toLowerCase()}, and still writes most of the music you hear at our
                gatherings in {venue.neighbourhood} and around {venue.city}.
              </p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="vision-heading" className="defer-render mx-auto max-w-6xl px-5 py-24 sm:px-8">
        <div className="max-w-3xl">
          <p className="eyebrow">Our vision</p>
          <h2 id="vision-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
            Candlelit evenings in every neighborhood
          </h2>
          <p className="mt-5 text-lg text-sand">
            We imagine a city where slowing down together is as ordinary as meeting for coffee: a calendar of small,
            live-music gatherings in homes, parks and studios, and, for the nights in between, guided piano meditations
            you can take home. Wherever you listen from, we want the music to feel like it was played for you.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="defer-render border-y border-ember/60 bg-umber/40">
        <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8">
          <p className="eyebrow">What guides us</p>
          <h2 id="values-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
            Our values
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {values.map((value) => (
              <li key={value.name} className="rounded-3xl border border-ember bg-umber/70 p-7">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-ember text-amber">
                  <value.icon aria-hidden size={22} strokeWidth={1.6} />
                </span>
                <h3 className="mt-5 text-2xl text-amber">{value.name}</h3>
                <p className="mt-3 text-sand">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="team-heading" className="defer-render mx-auto max-w-6xl px-5 py-24 sm:px-8">
        <p className="eyebrow">The people behind the evenings</p>
        <h2 id="team-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
          Meet the team
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {team.map((member) => (
            <li key={member.name} className="flex flex-col rounded-3xl border border-ember bg-umber/70 p-7">
              <img
                src={member.image}
                alt={`Portrait of ${member.name}`}
                width={400}
                height={400}
                loading="lazy"
                decoding="async"
                className="h-auto w-32 rounded-full border border-ember"
              />
              <h3 className="mt-6 text-2xl text-ivory">{member.name}</h3>
              <p className="mt-1 text-sm font-semibold tracking-wide text-amber">{member.role}</p>
              <p className="mt-4 text-sand">{member.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="visit-heading" className="defer-render bg-umber/60">
        <div className="mx-auto max-w-6xl px-5 py-24 text-center sm:px-8">
          <h2 id="visit-heading" className="mx-auto max-w-2xl text-4xl text-ivory sm:text-5xl">
            Come and listen with us
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-lg text-sand">
            Find a gathering that suits your week, or write to us with any question about what to expect.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <Link to="/events" className="button-primary">
              Explore Events
            </Link>
            <Link to="/contact" className="button-secondary">
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
