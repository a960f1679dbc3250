import { data } from "react-router";
import type { Route } from "./+types/friend";
import type { AudioPlayerHandle } from "#app/components/music/audio-player/audio-player-provider";
import { FriendAccessForm } from "#app/components/music/friend-access-form";
import { FriendListening } from "#app/components/music/friend-listening";
import { MeditationText } from "#app/components/music/meditation-text";
import { externalLinkProps } from "#app/components/layout/navigation";
import { authHeaders } from "#app/routes/guards.server";
import { readForm } from "#app/lib/form-data.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { checkFriendAccess, friendAccessMessages, type FriendAccessActionData } from "#app/modules/members";
import { friendPassCookie, issueFriendPass } from "#app/modules/music/index.server";
import { playlistOf } from "#app/modules/music/index.server";
import { requestAccessGift } from "#app/modules/music/index.server";
import { signingSecret } from "#app/modules/music/index.server";
import { logFailure } from "#app/lib/log.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Welcome, friend",
    description: `Unreleased live piano music from ${siteConfig.brand.name}, shared with you by a friend.`,
  });

// The global player plays the friend playlist here, and shows only once the page's button asks.
export const handle: AudioPlayerHandle = { audioPlayer: { ownPlaylist: true, hiddenUntilRevealed: true, hintWording: "available" } };

/** The friend page is public; visiting it hands the browser a pass to the friend tracks. */
export async function loader({ context }: Route.LoaderArgs) {
  const [playlist, secret] = await Promise.all([playlistOf(context.db, { entitlement: "friend" }), signingSecret(context.auth)]);
  const cookie = friendPassCookie(issueFriendPass(secret), { secure: context.env.PUBLIC_URL.startsWith("https://") });
  return data({ playlist: playlist.tracks }, { headers: { "Set-Cookie": cookie } });
}

/** 'Want More?': e-mails a sign-in link whose landing page gives the full playlist. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = { name: form.name ?? "", email: form.email ?? "" };
  const checked = checkFriendAccess(values);
  if (!checked.ok) return data<FriendAccessActionData>({ ok: false, fieldErrors: checked.fieldErrors, values }, 400);
  const { name, email } = checked.input;
  try {
    const client = { key: context.clientKey, headers: authHeaders(request, context.clientIp), auth: context.auth, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER };
    const result = await requestAccessGift(context.db, { email, name, client });
    if (!result.ok) return data<FriendAccessActionData>({ ok: false, error: result.error, values }, 429);
    return data<FriendAccessActionData>({ ok: true });
  } catch (error) {
    logFailure("friend", "sending the access link", error);
    return data<FriendAccessActionData>({ ok: false, error: friendAccessMessages.failed, values }, 503);
  }
}

export default function FriendPage({ loaderData }: Route.ComponentProps) {
  const event = siteConfig.friendPage.nextEvent;
  return (
    <div className="relative isolate px-5 py-16 sm:py-24">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(232,184,109,0.16),transparent_60%)]" />
      <div className="mx-auto max-w-2xl">
        <section className="text-center">
          <h1 className="text-5xl text-ivory sm:text-6xl">Welcome, friend</h1>
          <p className="mt-4 text-lg text-sand">
            Someone who loves our music wanted you to hear it: {loaderData.playlist.length} unreleased tracks, recorded live
            at the piano.
          </p>
          <MeditationText className="mt-10" />
        </section>

        <FriendListening className="mt-10" />

        <section aria-labelledby="want-more" className="mt-14 rounded-3xl border border-ember bg-umber/80 p-7 sm:p-9">
          <h2 id="want-more" className="text-4xl text-ivory">
            Want More?
          </h2>
          <p className="mt-3 text-sand">
            Leave your name and e-mail and we will send you a link to every song we have recorded for our members.
          </p>
          <FriendAccessForm className="mt-6" />
        </section>

        <section aria-labelledby="next-event" className="mt-14 rounded-3xl border border-amber/40 bg-night/60 p-7 text-center sm:p-9">
          <p className="eyebrow">Join us in person</p>
          <h2 id="next-event" className="mt-2 text-4xl text-ivory">
            {event.title}
          </h2>
          <p className="mt-4 text-lg text-sand">{event.location}</p>
          <p className="mt-1 text-sand">
            {event.date} · {event.time}
          </p>
          <p className="mt-7">
            <a href={event.ticketUrl} {...externalLinkProps} className="button-primary">
              Get Tickets
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}
