import { contributionWords, type CheckInGuest } from "#app/modules/reservations";
import "./print.css";

/** What the box already holds when printed mid-evening: a tick for a group all in, else how many are. */
function arrivedMark(guest: CheckInGuest): string {
  if (guest.arrivedSeats === 0) return "";
  return guest.arrivedSeats === guest.seats ? "✓" : String(guest.arrivedSeats);
}

/**
 * The guest list on paper: hidden on screen, and on print the only thing on the page (print.css),
 * with a box to tick for each guest. Every guest, whatever the search box holds.
 */
export function PrintableGuestList({ title, when, guests }: { title: string; when: string; guests: CheckInGuest[] }) {
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
        </tr>
      </tfoot>
    </table>
  );
}
