import { Link, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./email-layout";
import { EmailButton, EmailDetails, EmailGreeting, EmailTicket, type EmailTicketProps } from "./email-parts";

export interface ReservationConfirmationProps {
  firstName: string;
  eventTitle: string;
  /** 'August 15th, 2025' */
  dateLabel: string;
  /** '6:30 PM' */
  timeLabel: string;
  location: string | null;
  address: string | null;
  seats: number;
  contributionNote: string;
  paymentUrl: string;
  googleCalendarUrl: string;
  eventUrl: string;
  calendarFileName: string;
  /** The guest's own link to cancel some or all seats. */
  cancelUrl?: string;
  /** The reservation's ticket: its QR code and code, shown at the door. */
  ticket: EmailTicketProps;
  publicUrl: string;
}

export const reservationConfirmationSubject = (eventTitle: string) => `Reservation confirmed: ${eventTitle}`;

const seatsLabel = (seats: number) => `${seats} ${seats === 1 ? "seat" : "seats"}`;


export function ReservationConfirmationEmail(props: ReservationConfirmationProps) {
  const details: [string, string | null][] = [
    ["Date", props.dateLabel],
    ["Time", props.timeLabel],
    ["Location", props.location],
    ["Address", props.address],
    ["Seats", seatsLabel(props.seats)],
  ];
  return (
    <EmailLayout preview={`${seatsLabel(props.seats)} for ${props.eventTitle} on ${props.dateLabel}`} publicUrl={props.publicUrl}>
      <EmailGreeting name={props.firstName} />
      <Text style={emailText}>
        Your reservation is confirmed. We have kept {seatsLabel(props.seats)} for you at {props.eventTitle}.
      </Text>
      <EmailDetails details={details} />
      <EmailTicket {...props.ticket} />
      <Text style={emailText}>{props.contributionNote}</Text>
      <EmailButton href={props.paymentUrl}>Pay your contribution</EmailButton>
      <Text style={emailText}>
        <Link href={props.googleCalendarUrl} style={{ color: "#e8b86d" }}>
          Add to Google Calendar
        </Link>
        {" · "}
        <Link href={props.eventUrl} style={{ color: "#e8b86d" }}>
          View the event page
        </Link>
      </Text>
      <Text style={{ ...emailText, fontSize: 13 }}>
        The attached {props.calendarFileName} adds the evening to any other calendar app.
      </Text>
      {props.cancelUrl ? (
        <Text style={{ ...emailText, fontSize: 13 }}>
          Plans changed?{" "}
          <Link href={props.cancelUrl} style={{ color: "#e8b86d" }}>
            Cancel your reservation or give back some seats
          </Link>{" "}
          so someone on the waiting list can come.
        </Text>
      ) : null}
    </EmailLayout>
  );
}
