import { redirect } from "react-router";
import type { Route } from "./+types/welcome";
import { AutoplayVideo } from "#app/components/media/autoplay-video";
import { MeditationText } from "#app/components/music/meditation-text";
import type { AudioPlayerHandle } from "#app/components/music/audio-player/audio-player-provider";
import { StartMusicPrompt } from "#app/components/music/start-music-prompt";
import { requireMember } from "#app/routes/guards.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { firstNameOf } from "#app/modules/members";
import { getProfileFullName } from "#app/modules/members/index.server";
import { redeemAccessGift } from "#app/modules/music/index.server";
import { getListenerPlaylist } from "#app/routes/listener-playlist.server";
import { logFailure } from "#app/lib/log.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Member Welcome", description: `Your welcome to ${siteConfig.brand.name}.`, noIndex: true });

// The page's playlist is read fresh with the page (an access gift may just have widened it).
export const handle: AudioPlayerHandle = { audioPlayer: { ownPlaylist: true } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const db = context.db;
  const url = new URL(request.url);
  const gift = url.searchParams.get("gift");
  if (gift !== null) {
    // The friend page's sign-in link: redeem the gift once, then show the page at its plain address.
    await redeemAccessGift(db, { email: user.email, token: gift, auth: context.auth }).catch((error: unknown) =>
      logFailure("music", "redeeming an access gift", error),
    );
    throw redirect("/welcome");
  }
  const [fullName, playlist] = await Promise.all([getProfileFullName(db, user.id), getListenerPlaylist(request, context)]);
  return { firstName: firstNameOf({ fullName, name: user.name, email: user.email }), playlist: playlist.tracks };
}

export default function WelcomePage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="relative isolate min-h-[calc(100svh-var(--header-height))] overflow-hidden px-5 py-16 sm:py-24">
      <AutoplayVideo className="size-full object-cover opacity-60">
        <div aria-hidden className="absolute inset-0 bg-gradient-to-b from-night/40 via-night/60 to-night" />
      </AutoplayVideo>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-5xl text-ivory sm:text-6xl">Welcome, {loaderData.firstName}</h1>
        <MeditationText className="mt-10" />
        <StartMusicPrompt className="mt-10 text-left" />
      </div>
    </section>
  );
}
