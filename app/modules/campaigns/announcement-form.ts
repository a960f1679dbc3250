import { z } from "zod";
import { oneLine, severalLines } from "#app/modules/security";
import { campaignMessages } from "./campaign-messages";
import { MAX_MESSAGE_LENGTH } from "./campaign-form";

/**
 * The most addresses POST /api/sendAnnouncement takes in `to`, and the body that carries them.
 * We chose to lower the spec's 50,000 rather than take a 13 MB JSON body: 6,500 addresses of the
 * longest kind (254 characters, plus quotes and a comma) are 1.67 MB, and with a 50,000-character
 * message escaped at worst (6 bytes a character, 300 KB) the body stays under 2 MB, the limit
 * both the server's edge (server/body-limit.ts) and the route apply. A longer list is sent in parts.
 */
export const MAX_ANNOUNCEMENT_ADDRESSES = 6_500;
export const MAX_ANNOUNCEMENT_BODY_BYTES = 2 * 1024 * 1024;

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

/** The event an attendee mail went to, from its campaign name (the reverse of eventAttendeesTag). */
export const eventIdOfTag = (tag: string) => tag.slice(eventAttendeesTag("").length);
