import type { DroppedRow } from "./attendee-csv";
import type { EffectiveInvitationStatus } from "./invitation-status";

/** What an attendee import's preview shows (browser-safe): counts, and the first people of each list. */
export interface PreviewPerson {
  email: string;
  fullName: string;
  events: number;
  rows: number[];
  /** For 'already invited': the invitation's status. */
  status?: EffectiveInvitationStatus;
}

export interface AttendeeImportPreview {
  importId: string;
  fileName: string;
  rowCount: number;
  people: number;
  counts: { new: number; merged: number; members: number; unsubscribed: number; invited: number; invalid: number };
  lists: {
    new: PreviewPerson[];
    merged: PreviewPerson[];
    members: PreviewPerson[];
    unsubscribed: PreviewPerson[];
    invited: PreviewPerson[];
    invalid: DroppedRow[];
  };
}

