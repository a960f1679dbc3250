import { z } from "zod";
import { authMessages } from "./auth-messages";

/**
 * The payloads of POST /api/sendAutoMagicLink and /api/sendUserMagicLink (spec: members-and-staff
 * §7), and which e-mail each asks for.
 */
const email = z
  .string({ error: (issue) => (issue.input === undefined ? "email is required." : "email must be a string.") })
  .trim()
  .max(254, authMessages.invalidEmail)
  .pipe(z.email(authMessages.invalidEmail));

export const signInLinkCampaigns = ["auto_community_join", "friend_invitation"] as const;

export const autoSignInLinkRequestSchema = z.object(
  {
    name: z.string({ error: "name must be a string." }).trim().max(100, "name must be at most 100 characters.").optional(),
    email,
    campaign: z
      .enum(signInLinkCampaigns, { error: `campaign must be one of: ${signInLinkCampaigns.join(", ")}.` })
      .optional(),
  },
  { error: "The request body must be a JSON object with an email." },
);

export const userSignInLinkRequestSchema = z.object({ email }, { error: "The request body must be a JSON object with an email." });

export type AutoSignInLinkRequest = z.infer<typeof autoSignInLinkRequestSchema>;

/** A friend invitation gets the friend-access e-mail; every other automatic link welcomes to the community. */
export function purposeOfAutoLink(request: AutoSignInLinkRequest) {
  return request.campaign === "friend_invitation" ? ("friend-access" as const) : ("community-welcome" as const);
}
