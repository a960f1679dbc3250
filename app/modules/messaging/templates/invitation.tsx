import { Link, Text } from "@react-email/components";
import { siteConfig } from "#app/lib/site-config";
import { EmailLayout, emailText } from "./email-layout";
import { EmailButton, EmailGreeting, EmailParagraphs } from "./email-parts";

const brand = siteConfig.brand.name;

export type InvitationEmailKind = "past-attendee" | "friend";

export const invitationEmailContent: Record<InvitationEmailKind, { subject: string; preview: string; lines: string[]; button: string }> = {
  "past-attendee": {
    subject: `A gift for you: 4 unreleased tracks from ${brand}`,
    preview: "Thank you for sitting with us at the piano. Your gift is waiting.",
    lines: [
      `Thank you for joining us at one of our live piano meditations. As a thank-you, we would like to give you a gift of 4 unreleased tracks, recorded live at the piano.`,
      "Complete your free membership with the button below and the music is yours, along with early invitations to our next gatherings.",
    ],
    button: "Accept my gift",
  },
  friend: {
    subject: `A friend shared ${brand}'s unreleased music with you`,
    preview: "Two unreleased piano tracks, waiting for you",
    lines: [
      "Someone who loves our live piano meditations wanted you to hear them. Two unreleased tracks, recorded live, are waiting for you on your own page.",
      "No account needed to listen. If you like what you hear, you can ask for every song we have recorded for our members.",
    ],
    button: "Listen now",
  },
};

/** An invitation: the past attendees' gift (link to /invitation) or a friend's (link to /friend). */
export function InvitationEmail(props: {
  kind: InvitationEmailKind;
  name: string;
  link: string;
  publicUrl: string;
  expiryNote?: string;
  /** Bulk invitations (past attendees) carry a one-click unsubscribe link; a friend's personal one does not. */
  unsubscribeUrl?: string;
  /** Staff's own words (the past attendees' import), in place of the kind's fixed lines, after `eventLine`. */
  paragraphs?: string[];
  /** The line naming the event the invitee came to. */
  eventLine?: string;
}) {
  const content = invitationEmailContent[props.kind];
  const lines = [...(props.eventLine ? [props.eventLine] : []), ...(props.paragraphs ?? content.lines)];
  return (
    <EmailLayout preview={content.preview} publicUrl={props.publicUrl}>
      <EmailGreeting name={props.name} />
      <EmailParagraphs lines={lines} />
      <EmailButton href={props.link}>{content.button}</EmailButton>
      <Text style={{ ...emailText, fontSize: 13 }}>Or paste this address into your browser: {props.link}</Text>
      {props.expiryNote ? <Text style={{ ...emailText, fontSize: 13 }}>{props.expiryNote}</Text> : null}
      {props.unsubscribeUrl ? (
        <Text style={{ ...emailText, fontSize: 12, color: "#b9a890" }}>
          Rather not hear from us? <Link href={props.unsubscribeUrl} style={{ color: "#e8b86d" }}>Unsubscribe</Link> with one click.
        </Text>
      ) : null}
    </EmailLayout>
  );
}
