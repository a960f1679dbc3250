import { GIFT_TRACK_COUNT } from "./invitation-messages";
import { INVITATION_LIFETIME_DAYS } from "./invitation-status";

/** The largest attendee CSV we take (issue 13): larger files are refused with 413. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The campaign name of the past attendees' invitation e-mail and of its link (spec section 7). */
export const PAST_ATTENDEE_CAMPAIGN = "past_attendee_invitation";

/**
 * What the attendee import says. The first two texts are the spec's (members-and-staff.md
 * section 5); keep them exactly. Safe for the browser.
 */
export const attendeeImportMessages = {
  empty: "CSV file appears to be empty or invalid",
  noEmailColumn: "CSV file must contain an email column",
  noFile: "Please choose a CSV file to import.",
  notText: "This file is not a CSV text file. Please export the attendee list as CSV and try again.",
  tooLarge: `This file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Please split the attendee list into smaller files.`,
  previewGone: "This preview has expired or was already confirmed. Please upload the file again.",
  previewFailed: "The file could not be read just now. Please try again.",
  confirmFailed: "The invitations could not be created just now. Nothing was sent; please try again.",
  noRowReason: "No e-mail address (no '@')",
  invalidEmailReason: "Not a valid e-mail address",
  totalsReason: "A totals line",
  unclosedQuote: (row: number) =>
    `Row ${row} opens a quotation mark (") that is never closed, so the rest of the file after it cannot be read. Please fix that row in the file and upload it again.`,
  previewed: (people: number) => `Preview ready: ${people} ${people === 1 ? "person" : "people"} in the file. Nothing is sent until you confirm.`,
  confirmed: (created: number) =>
    created === 0 ? "No new invitations: everyone in this file is already invited, a member or unsubscribed." : `${created} ${created === 1 ? "invitation" : "invitations"} created; the e-mails are on their way.`,
} as const;

/** The invitation e-mail's promise (spec section 9): the gift and the link's lifetime. */
export const invitationGiftText = `a gift of ${GIFT_TRACK_COUNT} unreleased tracks`;
export const invitationExpiryText = `This invitation expires in ${INVITATION_LIFETIME_DAYS} days.`;
