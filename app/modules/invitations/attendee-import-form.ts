import { z } from "zod";
import { attendeeImportMessages, MAX_IMPORT_BYTES } from "./attendee-import-messages";

/**
 * The import form's file as the browser sees it before sending and the server after receiving:
 * one CSV file of at most 5 MB. Browser-safe.
 */
export const attendeeFileSchema = z.object({
  name: z.string().max(300),
  size: z
    .number()
    .min(1, attendeeImportMessages.noFile)
    .max(MAX_IMPORT_BYTES, attendeeImportMessages.tooLarge),
});

/** The confirmation: which stored preview to turn into invitations. */
export const confirmImportSchema = z.object({ importId: z.uuid(attendeeImportMessages.previewGone) });

/** A file field's value, or undefined for a missing or empty choice. */
export function chosenFile(value: FormDataEntryValue | null): File | undefined {
  return typeof value === "object" && value !== null && value.size > 0 ? value : undefined;
}
