import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { hashTicketCodeInBrowser, normaliseTicketCode, type ScanResult } from "#app/modules/reservations";
import type { DoorScannerProps } from "./door-scanner";

/** A guest of the page's list as the scanner needs them. */
export interface ScannableGuest {
  reservationId: string;
  name: string;
  seats: number;
  arrivedSeats: number;
  ticketHash: string;
  firstArrival: { at: string; by: string } | null;
}

/**
 * The scanner's two props on today's (online) check-in page: a code is found among the page's
 * guests by its hash, and checking in posts the page's own action ('arrive-seats'), after which
 * the list reloads. A code not on the list is "Not one of our tickets" until the page asks the
 * server's ticket lookup (another event's, cancelled); the offline door list replaces all of this.
 */
export function useListScan(guests: readonly ScannableGuest[], action: string): Pick<DoorScannerProps, "resolve" | "onCheckIn"> {
  const guestsRef = useRef(guests);
  useLayoutEffect(() => {
    guestsRef.current = guests;
  }, [guests]);

  const resolve = useCallback(async (text: string): Promise<ScanResult> => {
    const code = normaliseTicketCode(text);
    if (!code) return { kind: "unknown" };
    const hash = await hashTicketCodeInBrowser(code);
    const guest = guestsRef.current.find((candidate) => candidate.ticketHash === hash);
    if (!guest) return { kind: "unknown" };
    const { reservationId, name, seats, arrivedSeats, firstArrival } = guest;
    return { kind: "guest", guest: { reservationId, name, seats, arrivedSeats, firstArrival } };
  }, []);

  const fetcher = useFetcher<StaffOutcome>();
  const waiting = useRef<((answer: { ok: boolean; message: string }) => void) | null>(null);
  // The post is answered once the fetcher is idle again with its data (the list reloaded by then).
  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current) return;
    const answer = fetcher.data ? { ok: fetcher.data.ok, message: fetcher.data.message } : { ok: false, message: "Could not save the check-in. Please try again." };
    waiting.current(answer);
    waiting.current = null;
  }, [fetcher.state, fetcher.data]);

  const { submit } = fetcher;
  const onCheckIn = useCallback(
    (reservationId: string, seats: number) =>
      new Promise<{ ok: boolean; message: string }>((answer) => {
        waiting.current = answer;
        void submit({ intent: "arrive-seats", reservationId, seats: String(seats) }, { method: "post", action });
      }),
    [submit, action],
  );
  return { resolve, onCheckIn };
}
