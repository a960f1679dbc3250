import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { siteConfig } from "#app/lib/site-config";

const colours = { night: "#1f1712", ivory: "#f5ecdd", amber: "#e8b86d", muted: "#b9a890" };

/** The frame every message shares: brand name, a calm dark card, contact details at the foot. */
export function EmailLayout(props: { preview: string; publicUrl: string; children: ReactNode; footerNote?: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: "#120d0a", margin: 0, padding: "24px 0", fontFamily: "Georgia, 'Times New Roman', serif" }}>
        <Container style={{ backgroundColor: colours.night, borderRadius: 12, padding: "32px 28px", maxWidth: 560 }}>
          <Text style={{ color: colours.amber, fontSize: 22, letterSpacing: 2, margin: "0 0 24px" }}>
            {siteConfig.brand.name.toUpperCase()}
          </Text>
          <Section style={{ color: colours.ivory, fontSize: 16, lineHeight: "26px" }}>{props.children}</Section>
          <Hr style={{ borderColor: "#3a2719", margin: "28px 0 16px" }} />
          <Text style={{ color: colours.muted, fontSize: 12, lineHeight: "18px", margin: 0 }}>
            {props.footerNote ? `${props.footerNote} ` : ""}
            {siteConfig.brand.fullName} · <Link href={props.publicUrl} style={{ color: colours.amber }}>{props.publicUrl.replace(/^https?:\/\//, "")}</Link> ·{" "}
            <Link href={`mailto:${siteConfig.contact.email}`} style={{ color: colours.amber }}>{siteConfig.contact.email}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const emailText = { color: colours.ivory, fontSize: 16, lineHeight: "26px", margin: "0 0 16px" } as const;
export const emailButton = {
  backgroundColor: colours.amber,
  color: "#120d0a",
  borderRadius: 999,
  padding: "12px 22px",
  fontSize: 15,
  textDecoration: "none",
  display: "inline-block",
} as const;
