import { z } from "zod";
import { dayIn } from "#app/lib/day-series";
import { memberDataMessages } from "./member-data-messages";

export { memberDataMessages };

/** A checkbox as a form posts it: 'on' when ticked, absent when not. */
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** The profile's e-mail preferences: the newsletter, and campaign e-mails. Shared by the form and the server. */
export const emailPreferencesSchema = z.object({ newsletter: checkbox, campaigns: checkbox });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** Deleting an account is confirmed by typing DELETE (any letter case, spaces around ignored). */
export const deleteAccountSchema = z.object({
  confirmation: z
    .string({ error: memberDataMessages.deleteConfirmation })
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.literal("DELETE", { error: memberDataMessages.deleteConfirmation })),
});

/** The downloaded file's name, dated with the venue's calendar day: harmonia-data-2026-11-24.json. */
export function exportFileName(brandSlug: string, now: Date, timeZone: string): string {
  return `${brandSlug}-data-${dayIn(now, timeZone)}.json`;
}

/** The address a deleted guest's reservation keeps: unique, and never deliverable (RFC 2606's .invalid). */
export function deletedGuestAddress(reservationId: string): string {
  return `deleted-${reservationId}@deleted.invalid`;
}

export const DELETED_GUEST_NAME = "Deleted guest";
