import { contributionWords, type CheckInGuest, type TicketView } from "#app/modules/reservations";
import { TicketQrCode } from "#app/components/events/ticket-qr-code";
import "./print.css";
import { useHydrated } from "#app/lib/use-hydrated";

/** What the box already holds when printed mid-evening: a tick for a group all in, else how many are. */
function arrivedMark(guest: CheckInGuest): string {
  if (guest.arrivedSeats === 0) return "";
  return guest.arrivedSeats === guest.seats ? "✓" : String(guest.arrivedSeats);
}

/**
 * The guest list on paper: hidden on screen, and on print the only thing on the page (print.css),
 * with a box to tick for each guest and their ticket (its code, and a small QR code to scan from the
 * paper when a guest has none with them). Every guest, whatever the search box holds.
 */
export function PrintableGuestList({ title, when, guests, tickets }: { title: string; when: string; guests: CheckInGuest[]; tickets: Record<string, TicketView> }) {
  const seats = guests.reduce((sum, guest) => sum + guest.seats, 0);
  return (
    <table data-guest-list-print className="guest-list-print">
      <caption>
        Guest list · {title} · {when}
      </caption>
      <thead>
        <tr>
          <th scope="col">Arrived</th>
          <th scope="col">Name</th>
          <th scope="col">Seats</th>
          <th scope="col">Phone</th>
          <th scope="col">Contribution</th>
          <th scope="col">Ticket</th>
        </tr>
      </thead>
      <tbody>
        {guests.map((guest) => (
          <tr key={guest.reservationId}>
            <td>
              <span className="guest-list-box">{arrivedMark(guest)}</span>
            </td>
            <td>{guest.name}</td>
            <td>{guest.seats}</td>
            <td>{guest.phone ?? ""}</td>
            <td>{contributionWords(guest.contribution)}</td>
            <td>
              <PrintedTicket ticket={tickets[guest.reservationId]} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td />
          <th scope="row">
            {guests.length} {guests.length === 1 ? "guest" : "guests"}
          </th>
          <td>{seats}</td>
          <td />
          <td />
          <td />
        </tr>
      </tfoot>
    </table>
  );
}

function PrintedTicket({ ticket }: { ticket: TicketView | undefined }) {
  if (!ticket) return null;
  return (
    <span className="guest-list-ticket">
      <TicketQrCode ticket={ticket} className="guest-list-qr" />
      <span className="guest-list-code">{ticket.code}</span>
    </span>
  );
}

/** Printing needs the page's script: until it has run, the button's place is kept but nothing shows or takes a press. */
export function PrintGuestListButton() {
  const hydrated = useHydrated();
  return (
    <button type="button" className={`button-secondary ${hydrated ? "" : "invisible"}`} onClick={() => window.print()}>
      Print guest list
    </button>
  );
}
