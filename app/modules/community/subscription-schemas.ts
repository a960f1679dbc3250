import { z } from "zod";
import { waitlistSources } from "./subscription-messages";
import { oneLine } from "#app/modules/security";

/** Shared by the browser forms and the server actions, so both say the same thing. */
export const emailAddressSchema = z
  .string({ message: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Please enter a valid email address."));

export const newsletterSubscriptionSchema = z.object({ email: emailAddressSchema });


export const waitlistEntrySchema = z.object({
  email: emailAddressSchema,
  source: z.enum(waitlistSources).optional().catch(undefined),
  /** The plan a visitor chose on /harmonize before the platform opens. */
  plan: z.string().trim().max(60).check(oneLine).optional(),
});

