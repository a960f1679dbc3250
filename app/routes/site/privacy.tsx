import { LegalDocument } from "#app/components/legal-document";
import { privacySections } from "#app/content/privacy";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: `What ${siteConfig.brand.name} collects when you visit, reserve a seat or subscribe, how we use it, who helps us deliver e-mail and SMS, and your choices. We never sell it.`,
  });

export default function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" sections={privacySections} />;
}
