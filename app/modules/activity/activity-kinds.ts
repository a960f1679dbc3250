/**
 * Every kind of staff write the activity log knows, with how the log page names it. A use case
 * records one of these; the page's filter offers them. Pure: safe for the browser.
 */
export const activityKinds = {
  "event.created": "Created event",
  "event.updated": "Edited event",
  "event.duplicated": "Duplicated event",
  "event.featured-changed": "Changed featured",
  "event.published": "Published event",
  "event.unpublished": "Unpublished event",
  "event.archived": "Archived event",
  "event.restored": "Restored event",
  "event.deleted-permanently": "Deleted event for good",
  // Kinds of entries written before decision 041 (one lifecycle, date order); no use case writes them now.
  "event.status-changed": "Changed status",
  "event.moved": "Moved event",
  "event.hidden": "Deleted (hid) event",
  "event.seats-changed": "Changed max seats",
  "reservation.added": "Added a guest",
  "reservation.edited": "Edited a guest",
  "reservation.deleted": "Deleted reservation",
  "reservation.checked-in": "Checked in seats",
  "reservation.check-in-undone": "Undid a check-in",
  "event.reminders-changed": "Switched reminders",
  "waiting-list.offered": "Offered seats from the waiting list",
  "community.deleted": "Deleted community member",
  "user-profile.deleted": "Deleted initial sign-up",
  "list.exported": "Exported a list",
  "sms.sent": "Sent a text",
  "sms.group-created": "Sent a group text",
  "campaign.created": "Sent a campaign",
  "campaign.preview-sent": "Sent a campaign preview",
  "campaign.paused": "Paused a campaign",
  "campaign.resumed": "Resumed a campaign",
  "campaign.cancelled": "Cancelled a campaign",
  "campaign.retried": "Retried failed recipients",
  "invitations.imported": "Imported past attendees",
  "invitation.resent": "Resent an invitation",
  "invitation.revoked": "Revoked an invitation",
  "suppression.removed": "Removed from suppression",
  "invitation.friend-sent": "Sent a friend invitation",
  "legacy.imported": "Imported the old site's data",
  "demo.removed": "Removed the demo content",
  "contribution.recorded": "Recorded a contribution",
  "contribution.refunded": "Refunded a contribution",
} as const;

export type ActivityKind = keyof typeof activityKinds;

export function isActivityKind(value: string): value is ActivityKind {
  return Object.hasOwn(activityKinds, value);
}

export function activityKindLabel(kind: string): string {
  return isActivityKind(kind) ? activityKinds[kind] : kind;
}

type Fields = Record<string, unknown>;

/**
 * The fields an edit changed, as before and after objects holding only those fields; values
 * compared by their JSON form so dates and arrays compare by content. Null when nothing changed.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const changedBefore: Fields = {};
  const changedAfter: Fields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key] ?? null;
  }
  return Object.keys(changedAfter).length ? { before: changedBefore, after: changedAfter } : null;
}
