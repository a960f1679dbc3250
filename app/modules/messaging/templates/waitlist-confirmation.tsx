import { Text } from "@react-email/components";
import { siteConfig } from "#app/lib/site-config";
import { EmailLayout, emailText } from "./email-layout";

export function WaitlistConfirmationEmail(props: { publicUrl: string }) {
  return (
    <EmailLayout
      preview="You're on the list for guided meditations"
      publicUrl={props.publicUrl}
      footerNote="You receive this because this address joined our launch waitlist."
    >
      <Text style={emailText}>Thank you! You're on the list.</Text>
      <Text style={emailText}>
        Our guided meditation platform, with piano-led sessions recorded by {siteConfig.founder.name}, is planned for{" "}
        {siteConfig.meditationsLaunch}. You will be among the first to hear when it opens, with an early-listener
        invitation.
      </Text>
    </EmailLayout>
  );
}
