import { Link, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./email-layout";
import { EmailButton, EmailDetails, EmailGreeting, EmailParagraphs, EmailTicket, type EmailTicketProps } from "./email-parts";

/**
 * The e-mails about one guest's seats that are not the confirmation: cancellation, waiting-list
 * place, offer, reminders. A greeting, a few paragraphs, the facts, one button, a few links.
 */
export interface GuestNoticeProps {
  preview: string;
  firstName: string;
  paragraphs: string[];
  details: [string, string | null][];
  /** The reservation's ticket (a reminder's), under the facts. */
  ticket?: EmailTicketProps;
  action?: { label: string; url: string };
  links?: { label: string; url: string }[];
  footnote?: string;
  publicUrl: string;
}


export function GuestNoticeEmail(props: GuestNoticeProps) {
  return (
    <EmailLayout preview={props.preview} publicUrl={props.publicUrl}>
      <EmailGreeting name={props.firstName} />
      <EmailParagraphs lines={props.paragraphs} />
      <EmailDetails details={props.details} />
      {props.ticket ? <EmailTicket {...props.ticket} /> : null}
      {props.action ? (
        <EmailButton href={props.action.url}>{props.action.label}</EmailButton>
      ) : null}
      {props.links?.length ? (
        <Text style={emailText}>
          {props.links.map((link, index) => (
            <span key={link.url}>
              {index > 0 ? " · " : ""}
              <Link href={link.url} style={{ color: "#e8b86d" }}>
                {link.label}
              </Link>
            </span>
          ))}
        </Text>
      ) : null}
      {props.footnote ? <Text style={{ ...emailText, fontSize: 13 }}>{props.footnote}</Text> : null}
    </EmailLayout>
  );
}
