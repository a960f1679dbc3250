import { z } from "zod";
import { oneLine, severalLines } from "#app/modules/security";
import { campaignMessages } from "./campaign-messages";

/** The most recipients one campaign takes (the community list is far smaller; a guard, not a plan). */
export const MAX_RECIPIENTS = 50_000;
export const MAX_MESSAGE_LENGTH = 50_000;
/** The campaign name a preview carries; it never counts as a send to the list (spec §7). */
export const PREVIEW_CAMPAIGN = "magiclinks_preview";
export const DEFAULT_CAMPAIGN = "concert_followup";
/** Campaign names the spec lists for bulk sends; any other lower-case name is allowed too. */
export const suggestedCampaigns = ["concert_followup", "past_attendee_invitation"] as const;

/**
 * The name a composed campaign takes when staff leave its name empty: its subject in lower case,
 * words joined by '_' ('The recording is ready!' → 'the_recording_is_ready'), never an earlier
 * campaign's name. Empty when the subject has no letters or digits (the schema then names it).
 */
export function campaignNameFromSubject(subject: string): string {
  const words = subject
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let name = "";
  for (const word of words) {
    const next = name ? `${name}_${word}` : word;
    if (next.length > 64) break;
    name = next;
  }
  return name === PREVIEW_CAMPAIGN ? `${name}_campaign` : name.slice(0, 64);
}

const campaignName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,64}$/, "The campaign name may use a–z, 0–9, _ and - (at most 64).")
  .refine((name) => name !== PREVIEW_CAMPAIGN, `${PREVIEW_CAMPAIGN} is kept for previews.`);

/**
 * What staff send: a campaign name for the links, the audience (the selected addresses, or the
 * whole community list), subject and Markdown message. Shared by the composer (browser and
 * server) and POST /api/sendMagicLinksToCommunity, so both check the same rules in the spec's words.
 */
export const campaignInputSchema = z
  .object({
    // A blank name (the form's field left empty) is the default, like an absent one.
    campaign: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), campaignName.default(DEFAULT_CAMPAIGN)),
    audience: z.enum(["selected", "all"]),
    recipients: z.array(z.string().trim().max(254).check(oneLine)).max(MAX_RECIPIENTS, campaignMessages.tooMany(MAX_RECIPIENTS)).default([]),
    subject: z.string().trim().max(200, "The subject may be at most 200 characters.").check(oneLine),
    message: z.string().max(MAX_MESSAGE_LENGTH, `The message may be at most ${MAX_MESSAGE_LENGTH} characters.`).check(severalLines),
    // The composer's checkbox ('on' when ticked); the JSON API may send true.
    grantsMusicAccess: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()).default(false),
  })
  .superRefine((input, context) => {
    if (!input.subject) context.addIssue({ code: "custom", path: ["subject"], message: campaignMessages.subjectAndMessage });
    if (!input.message.trim()) context.addIssue({ code: "custom", path: ["message"], message: campaignMessages.messageRequired });
    if (input.audience === "selected") {
      if (input.recipients.filter(Boolean).length === 0) {
        context.addIssue({ code: "custom", path: ["recipients"], message: campaignMessages.noRecipients });
      }
      const invalid = input.recipients.find((email) => email && !z.email().safeParse(email).success);
      if (invalid) context.addIssue({ code: "custom", path: ["recipients"], message: campaignMessages.invalidEmail(invalid) });
    }
  });

export type CampaignInput = z.infer<typeof campaignInputSchema>;
