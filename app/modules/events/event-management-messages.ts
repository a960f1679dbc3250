/**
 * The event management page's toasts, in the spec's words. Success and failure per action; a
 * failure may add the reason after a colon. Browser-safe.
 */
export const eventToasts = {
  created: "Event created successfully!",
  updated: "Event updated successfully!",
  hidden: "Event deleted successfully!",
  deletedPermanently: "Event permanently deleted!",
  restored: "Event restored successfully!",
  featured: "Event featured status updated!",
  status: "Event status updated!",
  movedUp: "Event moved up!",
  movedDown: "Event moved down!",
  duplicated: "Event duplicated below as inactive draft!",
} as const;

export const eventFailures = {
  load: "Failed to load events",
  create: "Failed to create event",
  update: "Failed to update event",
  hide: "Failed to delete event",
  deletePermanently: "Failed to permanently delete event",
  restore: "Failed to restore event",
  featured: "Failed to update featured status",
  status: "Failed to update status",
  moveUp: "Failed to move event up",
  moveDown: "Failed to move event down",
  duplicate: "Failed to duplicate event",
} as const;

/** 'Failed to update event: Tickets link must start with https://' */
export function withReason(failure: string, reason?: string): string {
  return reason ? `${failure}: ${reason}` : failure;
}
