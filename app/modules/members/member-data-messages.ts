/**
 * The texts of the profile's e-mail preferences, data download and account deletion. Kept apart from
 * the zod schemas (member-data.ts) so a page that only shows one (the home page's 'account deleted')
 * does not ship the validation library to the browser.
 */
export const memberDataMessages = {
  preferencesSaved: "Your e-mail preferences are saved.",
  preferencesFailed: "Your e-mail preferences could not be saved just now; please try again.",
  preferencesLoadFailed: "Your e-mail preferences could not be loaded just now; please reload the page.",
  exportFailed: "Your data could not be gathered just now; please try again.",
  deleteConfirmation: "Type DELETE to confirm.",
  deleteFailed: "Your account could not be deleted just now; nothing was removed. Please try again.",
  deleted: "Your account and your data have been deleted. Thank you for being with us.",
  signedOut: "Please sign in again.",
} as const;
