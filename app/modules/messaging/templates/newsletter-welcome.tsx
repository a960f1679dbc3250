import { Link, Text } from "@react-email/components";
import { siteConfig } from "#app/lib/site-config";
import { EmailLayout, emailButton, emailText } from "./email-layout";

export function NewsletterWelcomeEmail(props: { publicUrl: string }) {
  return (
    <EmailLayout
      preview={`You're on the ${siteConfig.brand.name} newsletter`}
      publicUrl={props.publicUrl}
      footerNote="You receive this because this address was entered in our newsletter form."
    >
      <Text style={emailText}>Thank you for subscribing.</Text>
      <Text style={emailText}>
        About once a month we will write with new gatherings, a few words from {siteConfig.founder.name}, and now and
        then a piece of music recorded at the piano. Nothing more.
      </Text>
      <Text style={emailText}>
        <Link href={`${props.publicUrl}/events`} style={emailButton}>
          See upcoming events
        </Link>
      </Text>
    </EmailLayout>
  );
}
