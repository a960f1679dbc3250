import { Text } from "@react-email/components";
import { siteConfig } from "#app/lib/site-config";
import { EmailLayout, emailText } from "./email-layout";
import { EmailButton, EmailGreeting, EmailParagraphs } from "./email-parts";

/** Why an account e-mail with a link is sent; each has its own words around the same button. */
export type AccountLinkPurpose = "sign-in" | "community-welcome" | "friend-access" | "reset-password" | "verify-email";

const brand = siteConfig.brand.name;

export const accountLinkContent: Record<
  AccountLinkPurpose,
  { subject: string; preview: string; lines: string[]; button: string; expiry: string }
> = {
  "sign-in": {
    subject: `Your ${brand} sign-in link`,
    preview: `Sign in to ${brand}`,
    lines: ["Here is the sign-in link you asked for. It takes you straight into your account, no password needed."],
    button: `Sign in to ${brand}`,
    expiry: "The link works once, within 15 minutes. If you did not ask for it, you can ignore this e-mail.",
  },
  "community-welcome": {
    subject: `Welcome to the ${brand} community`,
    preview: "Your sign-in link and your first unreleased music",
    lines: [
      "Thank you for joining us. You will hear about new gatherings before anyone else, and members can listen to music that has not been released anywhere.",
      "Use the button below to sign in; it opens your member welcome page.",
    ],
    button: "Open my welcome page",
    expiry: "The link works once, within 15 minutes. You can always ask for a new one on the login page.",
  },
  "friend-access": {
    subject: `Your full access to ${brand}'s music`,
    preview: "Verify your e-mail to hear every track",
    lines: [
      "A friend shared some unreleased piano music with you. Verify your e-mail with the button below to hear all of it and become a member.",
    ],
    button: "Verify and listen",
    expiry: "The link works once, within 15 minutes. You can always ask for a new one on the login page.",
  },
  "reset-password": {
    subject: `Reset your ${brand} password`,
    preview: "Choose a new password",
    lines: ["Someone, hopefully you, asked to reset the password of this account. Choose a new one with the button below."],
    button: "Set a new password",
    expiry: "The link works once, within one hour. If you did not ask for it, your password stays as it is.",
  },
  "verify-email": {
    subject: `Confirm your e-mail for ${brand}`,
    preview: "One click to confirm your address",
    lines: ["Thank you for creating an account. Please confirm that this address is yours."],
    button: "Confirm my e-mail",
    expiry: "The link works for one hour. If you did not sign up, you can ignore this e-mail.",
  },
};

export function AccountLinkEmail(props: { purpose: AccountLinkPurpose; link: string; name?: string; publicUrl: string }) {
  const content = accountLinkContent[props.purpose];
  const firstName = props.name?.trim().split(/\s+/)[0];
  return (
    <EmailLayout preview={content.preview} publicUrl={props.publicUrl}>
      <EmailGreeting name={firstName} />
      <EmailParagraphs lines={content.lines} />
      <EmailButton href={props.link}>{content.button}</EmailButton>
      <Text style={{ ...emailText, fontSize: 13 }}>
        Or paste this address into your browser: {props.link}
      </Text>
      <Text style={{ ...emailText, fontSize: 13 }}>{content.expiry}</Text>
    </EmailLayout>
  );
}
