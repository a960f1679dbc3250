import { Link, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "./email-layout";

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
        <Text style={emailText}>
          <Link href={props.linkButton.href} style={emailButton}>
            {props.linkButton.label}
          </Link>
        </Text>
      ) : null}
      <Text style={{ ...emailText, fontSize: 12, color: "#b9a890" }}>
        Rather not hear from us? <Link href={props.unsubscribeUrl} style={{ color: "#e8b86d" }}>Unsubscribe</Link> with one click.
      </Text>
    </EmailLayout>
  );
}
