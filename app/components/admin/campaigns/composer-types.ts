import type { StaffOutcome } from "#app/components/admin/staff-outcome";

/** What the communications page's action answers: the outcome plus what the composer needs to show again. */
export type ComposerActionData = StaffOutcome & {
  values?: Record<string, string>;
  recipients?: string[];
  /** The preview, rendered on the server for one recipient. */
  previewHtml?: string;
  previewFor?: string;
  /** What opening the link does for the person (with or without music access). */
  previewLanding?: string;
};
