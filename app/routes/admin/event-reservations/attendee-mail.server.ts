import { z } from "zod";
import { formText } from "#app/routes/intents.server";

/** The attendee-mail form's fields, which the form gets back as typed. */
export const attendeeMailInput = z.object({ eventId: formText, subject: formText, message: formText });
