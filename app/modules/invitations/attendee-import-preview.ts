import type { DroppedRow } from "./attendee-csv";
import type { EffectiveInvitationStatus } from "./invitation-status";
import type { InvitationWording } from "./invitation-wording";

/** What an attendee import's preview shows (browser-safe): counts, and the first people of each list. */
export interface PreviewPerson {
  email: string;
  fullName: string;
  events: number;
  rows: number[];
  /** For 'already invited': the invitation's status. */
  status?: EffectiveInvitationStatus;
  /** The name reads as a link or a spreadsheet formula (greeting-name.ts): the invitation greets them as 'friend'. */
  nameFlag?: "link" | "formula";
}

/** The invitation e-mail as one real invitee of the file would get it, with the words it was rendered in. */
export interface ImportInvitationPreview {
  /** 'Ada Lovelace <ada@example.com>': whom the sample is rendered for. */
  to: string;
  subject: string;
  html: string;
  wording: { subject: string; intro: string };
}

export interface AttendeeImportPreview {
  importId: string;
  fileName: string;
  rowCount: number;
  people: number;
  counts: { new: number; merged: number; members: number; unsubscribed: number; invited: number; invalid: number };
  /** How many of the file's people have a name that reads as a link or a formula (absent in previews kept from before). */
  flaggedNames?: number;
  lists: {
    new: PreviewPerson[];
    merged: PreviewPerson[];
    members: PreviewPerson[];
    unsubscribed: PreviewPerson[];
    invited: PreviewPerson[];
    invalid: DroppedRow[];
  };
  /** The invitation for the first new invitee (the first person when none is new); absent for a file without people. */
  invitation?: ImportInvitationPreview;
}

/** The attendee import page's answer to each of its intents (preview, wording, confirm). */
export type AttendeeImportActionData =
  | { ok: true; intent: "preview" | "wording"; message: string; preview: AttendeeImportPreview }
  | { ok: true; intent: "confirm"; message: string; created: number; emailsQueued: number }
  | { ok: false; intent: "wording"; message: string; fieldErrors: Record<string, string>; values: InvitationWording; preview: AttendeeImportPreview }
  | { ok: false; intent: "preview" | "confirm" | "wording"; message: string; fieldErrors?: { file?: string } };
