import { LegalDocument } from "#app/components/legal-document";
import { termsSections } from "#app/content/terms";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description: `The terms for using the ${siteConfig.brand.name} website, reserving seats at our events, subscriptions, refunds, text messages and our music, written as plainly as we could.`,
  });

export default function TermsPage() {
  return <LegalDocument title="Terms of Service" sections={termsSections} />;
}
