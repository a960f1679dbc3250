import { useCallback, useLayoutEffect, useRef } from "react";
import { arrivalMessage, checkInMessages, hashTicketCodeInBrowser, normaliseTicketCode, type DoorGuestView, type DoorList, type ScanResult, type TicketLookup } from "#app/modules/reservations";
import type { DoorState } from "../use-door";
import type { DoorScannerProps } from "./door-scanner";

const asScanned = ({ reservationId, name, seats, arrivedSeats, firstArrival }: Pick<DoorGuestView, "reservationId" | "name" | "seats" | "arrivedSeats" | "firstArrival">): ScanResult => ({
  kind: "guest",
  guest: { reservationId, name, seats, arrivedSeats, firstArrival },
});

async function postJson<T>(url: string, body: unknown): Promise<T | null> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

/**
 * The scanner on the door phone (decision 067): a code is found by its hash in the phone's door
 * list, signal or not, with this phone's queued taps applied; "Check in N" is a tap like any other,
 * queued and synced. A code not on the list is asked of the server (another event's, cancelled,
 * forged) when there is signal; with none, the phone says what it can.
 */
export function useDoorScan(eventId: string, door: Pick<DoorState, "guests" | "tap" | "connection">): Pick<DoorScannerProps, "resolve" | "onCheckIn"> {
  const guests = useRef(door.guests);
  useLayoutEffect(() => {
    guests.current = door.guests;
  }, [door.guests]);
  const { tap } = door;

  const resolve = useCallback(
    async (text: string): Promise<ScanResult> => {
      const code = normaliseTicketCode(text);
      if (!code) return { kind: "unknown" };
      const hash = await hashTicketCodeInBrowser(code);
      const known = guests.current?.find((guest) => guest.ticketHash === hash);
      if (known) return asScanned(known);
      const lookup = await postJson<TicketLookup>(`/api/check-in/${eventId}/ticket`, { code });
      if (!lookup) return { kind: "unknown" };
      if (lookup.kind !== "guest") return lookup;
      // A guest added since this phone's list was read: read it again.
      const list = await fetch(`/api/check-in/${eventId}`, { credentials: "same-origin", cache: "no-store" })
        .then((response) => (response.ok ? (response.json() as Promise<DoorList>) : null))
        .catch(() => null);
      const guest = list?.guests.find((candidate) => candidate.reservationId === lookup.reservationId);
      return guest ? asScanned(guest) : { kind: "unknown" };
    },
    [eventId],
  );

  const onCheckIn = useCallback(
    async (reservationId: string, seats: number) => {
      const guest = guests.current?.find((candidate) => candidate.reservationId === reservationId);
      if (!guest) return { ok: false, message: checkInMessages.guestNotFound };
      tap("arrive", reservationId, seats);
      return { ok: true, message: arrivalMessage(guest.name, Math.min(guest.seats, guest.arrivedSeats + seats), guest.seats) };
    },
    [tap],
  );
  return { resolve, onCheckIn };
}
