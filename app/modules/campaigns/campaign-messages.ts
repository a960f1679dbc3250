/** The campaign tools' user-facing texts; the spec fixes the first five (members-and-staff §5, §8). */
export const campaignMessages = {
  noRecipients: "Please select at least one recipient.",
  subjectAndMessage: "Please enter a subject and a message.",
  messageRequired: "Please write a message (it can include {{link}} where the sign-in link should go).",
  confirmAll: "No recipients selected. Send to ALL community?",
  sendFailed: (reason: string) => `Failed to send magic links: ${reason}`,
  previewFailed: (reason: string) => `Failed to send preview: ${reason}`,
  noneLeft: "Every selected address has unsubscribed; nothing was sent.",
  emptyCommunity: "The community list is empty; nothing was sent.",
  invalidEmail: (email: string) => `${email} is not a valid e-mail address.`,
  tooMany: (max: number) => `At most ${max} recipients per campaign.`,
  queued: (count: number, skipped: number) =>
    `Queued for ${count} recipient${count === 1 ? "" : "s"}${skipped ? ` (${skipped} unsubscribed, skipped)` : ""}.`,
  previewSent: (email: string) => `Preview sent to ${email}.`,
  paused: "Campaign paused.",
  resumed: "Campaign resumed.",
  cancelled: "Campaign cancelled.",
  retried: (count: number) => `${count} failed recipient${count === 1 ? "" : "s"} queued again.`,
  notFound: "That campaign does not exist.",
  /** What opening the personal link does, as the preview and the review say it. */
  landingWithAccess: "Opening their link signs them in and gives them the full unreleased playlist, as this message promises.",
  landingWithoutAccess: "Opening their link signs them in to the music page: without music access they hear the public track and can ask for full access.",
  notPausable: "Only a campaign that is sending can be paused.",
  notResumable: "Only a paused campaign can be resumed.",
  notCancellable: "This campaign has already finished.",
  nothingToRetry: "No failed recipients to retry.",
} as const;

/** The answers of POST /api/statsCommunity to a request it cannot read. */
export const statsMessages = {
  emailsList: "The request body must be a JSON object with emails, a list of addresses.",
  emailTooLong: "An e-mail address is at most 254 characters.",
  tooMany: (max: number) => `At most ${max} e-mails per request.`,
  failed: "The statistics could not be read just now; please try again.",
} as const;
