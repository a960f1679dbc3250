import { Gem, HeartHandshake, Music, Users, type LucideIcon } from "lucide-react";
import { data } from "react-router";
import { EventCard } from "#app/components/events/event-card";
import { SpecialPageHero } from "#app/components/events/special-page-hero";
import { ambientVideo } from "#app/components/media/ambient-video";
import { PreviewVideo } from "#app/components/media/preview-video";
import { MessagePage } from "#app/components/message-page";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { loadVipEvent } from "#app/modules/events/index.server";
import type { Route } from "./+types/vip";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "VIP Invitation",
    description: `A personal invitation to an intimate ${siteConfig.brand.name} gathering: live piano meditation in a small circle of neighbours.`,
    noIndex: !args.loaderData?.event,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { event, failed } = await loadVipEvent(context.db);
  // An outage is not "no such invitation": 503, so that it is retried rather than forgotten.
  return data({ event }, { status: failed ? 503 : event ? 200 : 404 });
}

const includes: { name: string; icon: LucideIcon; text: string }[] = [
  { name: "Exclusive Neighborhood Access", icon: Gem, text: "A private hour before the main gathering, open only to invited neighbours." },
  { name: "Live Piano Meditation", icon: Music, text: `${siteConfig.founder.name} plays live while you settle into a guided, unhurried meditation.` },
  { name: "Intimate Setting", icon: HeartHandshake, text: "A small circle, a few seats and time to truly arrive, with nothing to perform." },
  { name: "Community Connection", icon: Users, text: "Tea and quiet conversation with neighbours who share a love of music and stillness." },
];

export default function VipPage({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  if (!event) {
    return (
      <MessagePage
        eyebrow="VIP Invitation"
        title="VIP event not found"
        text="There is no VIP gathering to invite you to right now. Our other events are open to everyone."
      />
    );
  }
  const { contact } = siteConfig;
  return (
    <>
      <SpecialPageHero eyebrow="You are invited" title="VIP Invitation" height={400}>
        <p className="mx-auto mt-5 max-w-2xl text-xl text-amber">{event.title}</p>
        <p className="mx-auto mt-2 max-w-2xl text-lg text-sand">
          {event.dateLabel} at {event.timeLabel}
          {event.location ? `, ${event.location}` : ""}
        </p>
      </SpecialPageHero>

      <section aria-labelledby="vip-preview-heading" className="mx-auto max-w-4xl px-5 py-12 sm:px-8">
        <h2 id="vip-preview-heading" className="sr-only">
          A taste of the evening
        </h2>
        <PreviewVideo poster={ambientVideo.poster} sources={ambientVideo.sources} label="A preview of a live piano meditation" />
      </section>

      <section aria-labelledby="vip-event-heading" className="mx-auto max-w-4xl px-5 py-12 sm:px-8">
        <h2 id="vip-event-heading" className="sr-only">
          Your invitation
        </h2>
        <EventCard event={event} variant="featured" eager headingLevel={3} />
      </section>

      <section aria-labelledby="vip-includes-heading" className="defer-render mx-auto max-w-4xl px-5 py-12 sm:px-8">
        <h2 id="vip-includes-heading" className="text-center text-4xl text-ivory sm:text-5xl">
          VIP Experience Includes
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {includes.map((item) => (
            <li key={item.name} className="rounded-3xl border border-ember bg-umber/70 p-7">
              <item.icon aria-hidden className="size-7 text-amber" />
              <h3 className="mt-4 text-2xl text-ivory">{item.name}</h3>
              <p className="mt-2 text-sand">{item.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-12 text-center text-lg text-sand">
          Questions about your invitation? Write to us at{" "}
          <a href={`mailto:${contact.email}`} className="text-amber underline underline-offset-4 hover:text-ivory">
            {contact.email}
          </a>
          .
        </p>
      </section>
    </>
  );
}
