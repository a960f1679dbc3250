import { Link, Section, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "./email-layout";

/**
 * The e-mails about one guest's seats that are not the confirmation: cancellation, waiting-list
 * place, offer, reminders. A greeting, a few paragraphs, the facts, one button, a few links.
 */
export interface GuestNoticeProps {
  preview: string;
  firstName: string;
  paragraphs: string[];
  details: [string, string | null][];
  action?: { label: string; url: string };
  links?: { label: string; url: string }[];
  footnote?: string;
  publicUrl: string;
}

const detailLabel = { color: "#b9a890", fontSize: 13, margin: "0", textTransform: "uppercase", letterSpacing: 1 } as const;
const detailValue = { ...emailText, margin: "0 0 12px" } as const;

export function GuestNoticeEmail(props: GuestNoticeProps) {
  return (
    <EmailLayout preview={props.preview} publicUrl={props.publicUrl}>
      <Text style={emailText}>{props.firstName ? `Hello ${props.firstName},` : "Hello,"}</Text>
      {props.paragraphs.map((paragraph) => (
        <Text key={paragraph} style={emailText}>
          {paragraph}
        </Text>
      ))}
      <Section style={{ margin: "8px 0 16px" }}>
        {props.details
          .filter((detail): detail is [string, string] => Boolean(detail[1]))
          .map(([label, value]) => (
            <div key={label}>
              <Text style={detailLabel}>{label}</Text>
              <Text style={detailValue}>{value}</Text>
            </div>
          ))}
      </Section>
      {props.action ? (
        <Text style={emailText}>
          <Link href={props.action.url} style={emailButton}>
            {props.action.label}
          </Link>
        </Text>
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
