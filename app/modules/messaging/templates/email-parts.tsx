import { Link, Section, Text } from "@react-email/components";
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
