import { z } from "zod";
import { oneLine, severalLines } from "../security/control-characters";
import { campaignMessages } from "./campaign-messages";
import { MAX_MESSAGE_LENGTH } from "./campaign-form";

/**
 * An announcement's subject and message (plain text or Markdown), as the reservations page's
 * attendee mail and POST /api/sendAnnouncement take them. No {{link}} is needed: these e-mails
 * carry no personal sign-in link. One schema for the browser and the server.
 */
export const announcementSchema = z
  .object({
    subject: z.string({ error: campaignMessages.subjectAndMessage }).trim().max(200, "The subject may be at most 200 characters.").check(oneLine),
    message: z.string({ error: campaignMessages.subjectAndMessage }).max(MAX_MESSAGE_LENGTH, `The message may be at most ${MAX_MESSAGE_LENGTH} characters.`).check(severalLines),
  })
  .superRefine((input, context) => {
    if (!input.subject) context.addIssue({ code: "custom", path: ["subject"], message: campaignMessages.subjectAndMessage });
    if (!input.message.trim()) context.addIssue({ code: "custom", path: ["message"], message: campaignMessages.subjectAndMessage });
  });

/** The bulk sends without a personal link, besides the community's magic-link campaigns. */
export const EVENT_ATTENDEES = "event_attendees";
export const ANNOUNCEMENT = "announcement";

/** The spec's campaign name of an event's attendee mail. */
export const eventAttendeesTag = (eventId: string) => `event_attendees_${eventId}`;
