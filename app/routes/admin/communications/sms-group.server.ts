import { z } from "zod";
import { formText } from "#app/routes/intents.server";

/** The group-text form's fields, which the form gets back as typed. */
export const smsGroupInput = z.object({ audience: formText, eventId: formText, message: formText, campaign: formText, timing: formText });

export type SmsGroupValues = z.output<typeof smsGroupInput>;
