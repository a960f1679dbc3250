/**
 * The event management page's toasts. The lifecycle's words are plain (docs/decisions/041: Draft,
 * Published, Archived; Publish, Unpublish, Archive, Restore, Delete for good), where the spec had
 * 'delete (hide)', 'restore', 'inactive' and 'move up'. Success and failure per action; a failure
 * may add the reason after a colon. Browser-safe.
 */
export const eventToasts = {
  created: "Event created successfully!",
  updated: "Event updated successfully!",
  published: "Event published: it is on the site now!",
  unpublished: "Event unpublished: it is a draft again!",
  archived: "Event archived: it is off the site, its reservations kept!",
  restored: "Event restored as a draft!",
  deletedForGood: "Event deleted for good!",
  featured: "Event featured status updated!",
  duplicated: (when: string) => `Event duplicated as a draft for ${when}!`,
} as const;

export const eventFailures = {
  load: "Failed to load events",
  create: "Failed to create event",
  update: "Failed to update event",
  publish: "Failed to publish event",
  unpublish: "Failed to unpublish event",
  archive: "Failed to archive event",
  restore: "Failed to restore event",
  deleteForGood: "Failed to delete event for good",
  featured: "Failed to update featured status",
  duplicate: "Failed to duplicate event",
} as const;

/** 'Failed to update event: Tickets link must start with https://' */
export function withReason(failure: string, reason?: string): string {
  return reason ? `${failure}: ${reason}` : failure;
}

/** How each state reads on the staff pages. */
export const eventStatusLabels = { draft: "Draft", published: "Published", archived: "Archived" } as const;
