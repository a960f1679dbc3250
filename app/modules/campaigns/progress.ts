export interface CampaignCounts {
  recipients: number;
  queued: number;
  sent: number;
  /** Texts whose delivery Twilio confirmed (e-mail campaigns: always 0). */
  delivered: number;
  failed: number;
  skipped: number;
  clicked: number;
}

/**
 * Seconds until the queued messages are sent at the rate of the last window (`sentInWindow`
 * messages in `windowSeconds`); null when nothing was sent lately (no rate to go by) or nothing waits.
 */
export function etaSeconds(queued: number, sentInWindow: number, windowSeconds: number): number | null {
  if (queued <= 0) return 0;
  if (sentInWindow <= 0 || windowSeconds <= 0) return null;
  return Math.ceil(queued / (sentInWindow / windowSeconds));
}

/** '45 s', '3 min', '1 h 20 min'; '—' when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Share of the messages that are done (sent, delivered or failed), for the progress bar: 0..100. */
export function percentDone(counts: Pick<CampaignCounts, "queued" | "sent" | "failed"> & { delivered?: number }): number {
  const done = counts.sent + (counts.delivered ?? 0) + counts.failed;
  const total = counts.queued + done;
  return total === 0 ? 100 : Math.floor((done * 100) / total);
}
