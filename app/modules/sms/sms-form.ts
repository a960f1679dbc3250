import { z } from "zod";
import { oneLine, severalLines } from "#app/modules/security";
import { SMS_MAX_CHARACTERS, smsMessages } from "./sms-texts";

/** The kinds of text the staff form offers (spec section 3: SMS form). */
export const smsCampaigns = ["general", "event_reminder", "custom"] as const;
export type SmsCampaign = (typeof smsCampaigns)[number];
export const smsCampaignLabels: Record<SmsCampaign, string> = {
  general: "General",
  event_reminder: "Event reminder",
  custom: "Custom",
};

/**
 * The staff SMS form, checked the same way in the browser and on the server (which decides).
 * The phone's validity (E.164) is the server's check, with libphonenumber-js.
 */
export const smsFormSchema = z.object({
  phone: z.string({ error: smsMessages.phoneRequired }).trim().min(1, smsMessages.phoneRequired).max(40, smsMessages.phoneInvalid).check(oneLine),
  message: z
    .string({ error: smsMessages.messageRequired })
    .trim()
    .min(1, smsMessages.messageRequired)
    .max(SMS_MAX_CHARACTERS, smsMessages.messageTooLong)
    .check(severalLines),
  campaign: z.enum(smsCampaigns).catch("general"),
});

export type SmsForm = z.infer<typeof smsFormSchema>;

/** Who a group text goes to: everyone on the community list with SMS consent, or one event's guests. */
export const smsAudiences = ["community", "event"] as const;
export type SmsAudience = (typeof smsAudiences)[number];

/**
 * The staff group-text form: the audience (and its event), the text and its kind, and whether to
 * send at once during quiet hours ('now'), which otherwise schedule it for the next 10:00.
 */
export const smsGroupFormSchema = z
  .object({
    audience: z.enum(smsAudiences, { error: smsMessages.audienceRequired }),
    eventId: z.string().trim().optional().default(""),
    message: smsFormSchema.shape.message,
    campaign: smsFormSchema.shape.campaign,
    timing: z.enum(["scheduled", "now"]).catch("scheduled"),
  })
  .superRefine((input, context) => {
    if (input.audience === "event" && !z.uuid().safeParse(input.eventId).success) {
      context.addIssue({ code: "custom", path: ["eventId"], message: smsMessages.eventRequired });
    }
  });

export type SmsGroupForm = z.infer<typeof smsGroupFormSchema>;
