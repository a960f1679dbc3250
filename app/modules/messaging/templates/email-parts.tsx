import { Img, Link, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { emailButton, emailText } from "./email-layout";

const detailLabel = { color: "#b9a890", fontSize: 13, margin: "0", textTransform: "uppercase", letterSpacing: 1 } as const;
const detailValue = { ...emailText, margin: "0 0 12px" } as const;

/** 'Hello Ana,' or, without a name, 'Hello,'. */
export function EmailGreeting(props: { name?: string }) {
  return <Text style={emailText}>{props.name ? `Hello ${props.name},` : "Hello,"}</Text>;
}

/** One paragraph per line; the lines are distinct texts, so they serve as keys. */
export function EmailParagraphs(props: { lines: readonly string[] }) {
  return props.lines.map((line) => (
    <Text key={line} style={emailText}>
      {line}
    </Text>
  ));
}

/** The message's main link, drawn as a button. */
export function EmailButton(props: { href: string; children: ReactNode }) {
  return (
    <Text style={emailText}>
      <Link href={props.href} style={emailButton}>
        {props.children}
      </Link>
    </Text>
  );
}

/** Label and value pairs of a reservation (date, time, place, seats); a pair without a value is left out. */
export function EmailDetails(props: { details: [string, string | null][] }) {
  return (
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
  );
}

/** A reservation's ticket in an e-mail: the code in groups of four, and where to show it. */
export interface EmailTicketProps {
  /** "ABCD EFGH JKMN PQRS" */
  code: string;
  /** The QR code's image: `cid:` of the PNG attached to the message. */
  imageSrc: string;
  /** Its width and height in CSS pixels. */
  imageSize: number;
}

/**
 * The ticket's QR code on white (scanners need the contrast, whatever the client's dark mode does
 * to the card), the code under it in text (read out at the door when a screen will not scan), and
 * what to do with it.
 */
export function EmailTicket(props: EmailTicketProps) {
  return (
    <Section style={{ margin: "8px 0 20px", textAlign: "center" }}>
      <Text style={detailLabel}>Your ticket</Text>
      <Img
        src={props.imageSrc}
        width={props.imageSize}
        height={props.imageSize}
        alt={`Ticket code ${props.code}`}
        style={{ display: "block", margin: "8px auto", backgroundColor: "#ffffff", borderRadius: 8 }}
      />
      <Text style={{ ...emailText, margin: "0 0 4px", fontFamily: "'Courier New', Courier, monospace", fontSize: 20, letterSpacing: 2 }}>{props.code}</Text>
      <Text style={{ ...emailText, fontSize: 13 }}>Show this code at the door: we scan it to check you in.</Text>
    </Section>
  );
}
