import { Link } from "react-router";
import type { Route } from "./+types/meditation";
import type { AudioPlayerHandle } from "#app/components/music/audio-player/audio-player-provider";
import { PlayerPanel } from "#app/components/music/audio-player/player-panel";
import { requireMember } from "#app/routes/guards.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { getListenerPlaylist } from "#app/routes/listener-playlist.server";
import { PageFrame } from "#app/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Your music", description: `Your ${siteConfig.brand.name} music collection.`, noIndex: true });

// Fresh with the page: an invitation accepted a moment ago has just widened the playlist.
export const handle: AudioPlayerHandle = { audioPlayer: { ownPlaylist: true } };

/** The member's music: where an accepted invitation lands. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMember(request, context);
  const playlist = await getListenerPlaylist(request, context);
  return { playlist: playlist.tracks, locked: playlist.locked };
}

export default function MeditationPage({ loaderData }: Route.ComponentProps) {
  const { playlist: tracks, locked } = loaderData;
  return (
    <PageFrame className="mx-auto max-w-2xl">
      <p className="eyebrow">Members</p>
      <h1 className="mt-2 text-5xl text-ivory">Your music</h1>
      <p className="mt-4 text-lg text-sand">
        {locked === 0
          ? `All ${tracks.length} tracks of our unreleased collection are yours. Press play, breathe slowly and let the piano carry you.`
          : "Press play, breathe slowly and let the piano carry you."}
      </p>
      {tracks.length > 0 ? (
        <PlayerPanel showTrackList className="mt-10" />
      ) : (
        <p className="mt-10 text-sand">Our music library is being prepared. Please come back soon.</p>
      )}
      {locked > 0 ? (
        <div className="mt-10 rounded-3xl border border-amber/40 bg-night/60 p-7">
          <h2 className="text-3xl text-ivory">
            {locked} more {locked === 1 ? "track is" : "tracks are"} waiting for you
          </h2>
          <p className="mt-3 text-sand">
            Our unreleased recordings are a gift to the people of our community. Accept the invitation we e-mail to
            past guests, or ask for full access on the friend page with this e-mail address; the link we send you
            opens the whole collection.
          </p>
          <p className="mt-6 flex flex-wrap gap-3">
            <Link to="/friend#want-more" className="button-primary">
              Ask for full access
            </Link>
            <Link to="/join" className="button-secondary">
              Join the community
            </Link>
          </p>
        </div>
      ) : null}
    </PageFrame>
  );
}
