import type { Campaign } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { findEventForMailing } from "#app/modules/events/index.server";
import { EVENT_ATTENDEES, eventIdOfTag } from "./announcement-form";

// What the kinds of campaign share with the fan-out job: the job reads these and imports no use
// case, so sending, previewing and controlling a campaign can all use the job's parts without a circle.

/** Starts a campaign's fan-out job (any instance may run it); the composition root supplies it. */
export interface FanOutStarter {
  startFanOut(campaignId: string): Promise<void>;
}

/** The community's magic-link campaigns: the only kind whose messages carry a personal sign-in link. */
export const COMMUNITY_MAGIC_LINKS = "community_magic_links";

export const campaignLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/login/campaign?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Where {{link}} goes in mail without a personal sign-in link, and why the person gets it: an
 * event's guests get the event's page; an announcement the site.
 */
export async function plainLinkOf(db: Database, campaign: Pick<Campaign, "kind" | "tag">, publicUrl: string): Promise<{ link: string; footerNote: string }> {
  if (campaign.kind === EVENT_ATTENDEES) {
    const event = await findEventForMailing(db, eventIdOfTag(campaign.tag));
    return {
      link: event ? `${publicUrl}/events/${event.slug}` : `${publicUrl}/events`,
      footerNote: `You receive this because you reserved seats${event ? ` for ${event.title}` : ""}.`,
    };
  }
  return { link: publicUrl, footerNote: "You receive this as an announcement from us." };
}
