import { Link, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./email-layout";
import { EmailButton } from "./email-parts";

/**
 * A campaign's message in the brand frame: the staff's Markdown already turned into safe HTML,
 * a button with the personal link when the message placed none, and a visible unsubscribe link.
 */
export function CampaignMessageEmail(props: {
  preview: string;
  publicUrl: string;
  bodyHtml: string;
  /** Where the personal link goes when the message has no {{link}} of its own; omitted otherwise. */
  linkButton?: { href: string; label: string };
  unsubscribeUrl: string;
  footerNote?: string;
}) {
  return (
    <EmailLayout
      preview={props.preview}
      publicUrl={props.publicUrl}
      footerNote={props.footerNote ?? "You receive this because you joined our community list."}
    >
      <div style={emailText} dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
      {props.linkButton ? (
        <EmailButton href={props.linkButton.href}>{props.linkButton.label}</EmailButton>
      ) : null}
      <Text style={{ ...emailText, fontSize: 12, color: "#b9a890" }}>
        Rather not hear from us? <Link href={props.unsubscribeUrl} style={{ color: "#e8b86d" }}>Unsubscribe</Link> with one click.
      </Text>
    </EmailLayout>
  );
}
