import { ticketImageLabel, ticketQrPath, ticketQrViewBox, type TicketView } from "#app/modules/reservations";

/**
 * A ticket's QR code as inline SVG drawn from the grid the server encoded: no image request, nothing
 * the Content-Security-Policy has to allow. Black on white whatever the page's colours, with the
 * quiet zone inside the image, so a scanner finds it on a dark page too. Read out as its code.
 */
export function TicketQrCode({ ticket, className }: { ticket: TicketView; className?: string }) {
  return (
    <svg role="img" aria-label={ticketImageLabel(ticket.code)} viewBox={ticketQrViewBox(ticket.qr)} shapeRendering="crispEdges" className={className}>
      <rect width="100%" height="100%" fill="#ffffff" />
      <path d={ticketQrPath(ticket.qr)} fill="#000000" />
    </svg>
  );
}

/** The guest's ticket on their reservation's page: the QR code to show at the door, and its code to read out. */
export function GuestTicket({ ticket }: { ticket: TicketView }) {
  return (
    <section aria-labelledby="guest-ticket-title" className="mb-6 rounded-2xl border border-ember bg-night/40 p-5 text-center" data-testid="guest-ticket">
      <h2 id="guest-ticket-title" className="text-lg text-ivory">
        Your ticket: show this at the door
      </h2>
      <TicketQrCode ticket={ticket} className="mx-auto mt-4 size-56 rounded-xl" />
      <p className="mt-3 font-mono text-xl tracking-widest text-ivory">{ticket.code}</p>
    </section>
  );
}
