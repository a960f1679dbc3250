import { useEffect, useRef } from "react";
import { Link, data } from "react-router";
import { ConnectWithUs } from "#app/components/community/connect-with-us";
import { EventCard } from "#app/components/events/event-card";
import { EventGrid, LoadingEvents, useLoadingPage } from "#app/components/events/event-list";
import { DriftingSymbols } from "#app/components/home/drifting-symbols";
import { LaunchSignup } from "#app/components/home/launch-signup";
import { Testimonials } from "#app/components/home/testimonials";
import { useAutoScroll } from "#app/components/home/use-auto-scroll";
import { ambientVideo } from "#app/components/media/ambient-video";
import { BackgroundVideo } from "#app/components/media/background-video";
import { pageMeta } from "#app/lib/seo";
import { FounderPortrait } from "#app/components/founder-portrait";
import { siteConfig } from "#app/lib/site-config";
import type { EventView } from "#app/modules/events";
import { listPublicEventViews } from "#app/modules/events/index.server";
import { memberDataMessages } from "#app/modules/members";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: siteConfig.brand.fullName,
    description: `${siteConfig.brand.tagline}. Live piano, slow breath and candlelit yoga in ${siteConfig.venue.city}, led by pianist ${siteConfig.founder.name}.`,
  });

// The hero's poster is the largest thing on the first screen: fetched with the stylesheet, not
// after the scripts, so it does not hold up the largest paint.
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: ambientVideo.poster, fetchPriority: "high" },
];

/** How many events the home page shows (public-site.md section 9). */
const HOME_EVENTS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { events, failed } = await listPublicEventViews(context.db);
  // Where a member lands after deleting their account (the profile page), told that it is done.
  const accountDeleted = new URL(request.url).searchParams.get("account") === "deleted";
  // The page still renders (the spec's 'No events found'); 503 tells caches and monitors it is an outage.
  return data({ events: events.slice(0, HOME_EVENTS), accountDeleted }, { status: failed ? 503 : 200 });
}

const moments = [
  {
    title: "Live piano meditation",
    text: "Lie back, close your eyes and let a grand piano do the guiding. Every gathering is played live, and no two evenings sound the same.",
  },
  {
    title: "Breath and stillness",
    text: "Each evening opens with guided breathing and ends in a long, quiet rest, so the music has room to settle.",
  },
  {
    title: "Sunset gatherings",
    text: `Outdoors at ${siteConfig.venue.outdoor} as the sun goes down: live piano to headphones, breathwork and a grounding meditation.`,
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const candlelightRef = useRef<HTMLElement>(null);
  const deletedNoticeRef = useRef<HTMLParagraphElement>(null);
  // After deleting their account the member lands here told that it is done: the page stays put
  // (no glide down to the candlelight section) and the notice takes the focus, so it is seen and read out.
  useAutoScroll(candlelightRef, !loaderData.accountDeleted);
  useEffect(() => {
    if (loaderData.accountDeleted) deletedNoticeRef.current?.focus();
  }, [loaderData.accountDeleted]);
  return (
    <>
      <section className="relative isolate flex min-h-[calc(100svh-var(--header-height))] items-center overflow-hidden">
        <BackgroundVideo
          className="absolute inset-0 -z-20 h-full w-full object-cover opacity-70"
          poster={ambientVideo.poster}
          sources={ambientVideo.sources}
        />
        <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-night/40 via-night/55 to-night" />
        <div className="mx-auto w-full max-w-6xl px-5 py-24 sm:px-8">
          {loaderData.accountDeleted ? (
            <p ref={deletedNoticeRef} tabIndex={-1} role="status" className="mb-8 max-w-xl rounded-xl border border-amber/40 bg-night/80 px-4 py-3 text-sm text-amber focus:outline-none focus-visible:ring-2 focus-visible:ring-amber">
              {memberDataMessages.deleted}
            </p>
          ) : null}
          <p className="eyebrow">{siteConfig.brand.tagline}</p>
          <h1 className="mt-5 max-w-3xl text-5xl text-ivory sm:text-6xl lg:text-7xl">
            Let the piano breathe for you
          </h1>
          <p className="mt-6 max-w-xl text-lg text-sand sm:text-xl">
            Intimate evenings of live piano, candlelight and stillness in {siteConfig.venue.city}. Come as you are, lie
            down, and listen.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/events" className="button-primary">
              Explore Events
            </Link>
            <Link to="/meditations" className="button-secondary">
              Start Your Meditation Journey
            </Link>
          </div>
        </div>
      </section>

      <UpcomingEvents events={loaderData.events} />

      <section
        ref={candlelightRef}
        id="candlelight-yoga"
        aria-labelledby="candlelight-heading"
        className="mx-auto max-w-6xl px-5 py-24 sm:px-8"
      >
        <div className="grid items-center gap-12 md:grid-cols-2">
          <div>
            <p className="eyebrow">Candlelight yoga</p>
            <h2 id="candlelight-heading" className="mt-3 max-w-2xl text-4xl text-ivory sm:text-5xl">
              Slow movement by candlelight, with the piano breathing alongside you
            </h2>
            <p className="mt-5 text-lg text-sand">
              Gentle yoga in a room lit only by candles, while {siteConfig.founder.name} plays live. No experience
              needed, only a mat and an hour.
            </p>
          </div>
          <img
            src="/media/images/candlelight-yoga.svg"
            alt="Yoga mats around a grand piano in a room lit by candles"
            width={1200}
            height={800}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-3xl border border-ember"
          />
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {moments.map((moment) => (
            <li key={moment.title} className="rounded-3xl border border-ember bg-umber/70 p-7">
              <h3 className="text-2xl text-amber">{moment.title}</h3>
              <p className="mt-3 text-sand">{moment.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Below the fold: the browser styles, lays out and paints these (and animates their drifting
          symbols) only as they near the screen. */}
      <div className="defer-render relative isolate">
        <DriftingSymbols />
        <LaunchSignup />
      </div>
      <div className="defer-render">
        <Testimonials />
      </div>
      <div className="defer-render">
        <MissionAndStory />
      </div>
      <div className="defer-render relative isolate">
        <DriftingSymbols />
        <ConnectWithUs id="home-connect" source="home" withImage />
      </div>
    </>
  );
}

/** Up to three events: the first full width, the others two to a row; nothing when there are none. */
function UpcomingEvents(props: { events: EventView[] }) {
  const loading = useLoadingPage("/");
  const [first, ...rest] = props.events;
  if (!loading && !first) return null;
  return (
    <section aria-labelledby="home-events-heading" className="mx-auto max-w-6xl px-5 pt-24 sm:px-8">
      <p className="eyebrow">Gather with us</p>
      <h2 id="home-events-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
        Upcoming Events
      </h2>
      <div className="mt-12 space-y-8">
        {loading || !first ? (
          <LoadingEvents />
        ) : (
          <>
            <EventCard event={first} variant="featured" eager />
            {rest.length > 0 ? <EventGrid events={rest} /> : null}
          </>
        )}
      </div>
      <p className="mt-12 text-center">
        <Link to="/events" className="button-secondary">
          View All Events
        </Link>
      </p>
    </section>
  );
}

/** The mission, the founder's story and the vision, with the way on to /about. */
function MissionAndStory() {
  const { brand, founder, venue } = siteConfig;
  return (
    <section aria-labelledby="story-heading" className="bg-umber/60">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 py-24 sm:px-8 md:grid-cols-2">
        <FounderPortrait />
        <div>
          <p className="eyebrow">Our mission</p>
          <h2 id="story-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
            To make stillness something you can share
          </h2>
          <p className="mt-5 text-lg text-sand">
            {brand.name} exists to give people an hour where nothing is asked of them: live piano, guided breath and
            candlelight in living rooms, parks and quiet corners of {venue.city}.
          </p>
          <h3 className="mt-8 text-2xl text-amber">Our story</h3>
          <p className="mt-3 text-sand">
            {founder.name} spent years on concert stages before she noticed that the quietest pieces moved people most.{" "}
            {brand.name} began with a piano, a few candles and twelve friends on a living-room floor.
          </p>
          <h3 className="mt-8 text-2xl text-amber">Our vision</h3>
          <p className="mt-3 text-sand">
            A city where slowing down together is as ordinary as meeting for coffee, with guided piano meditations to take
            home for the nights in between.
          </p>
          <Link to="/about" className="button-secondary mt-8">
            Learn More About Us
          </Link>
        </div>
      </div>
    </section>
  );
}
