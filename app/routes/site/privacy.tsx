import { LegalDocument } from "~/components/legal-document";
import { privacySections } from "~/content/privacy";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: `What ${siteConfig.brand.name} collects when you visit, reserve a seat or subscribe, how we use it, who helps us deliver e-mail and SMS, and your choices. We never sell it.`,
  });

export default function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" sections={privacySections} />;
}
