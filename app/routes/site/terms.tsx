import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Terms", description: "Terms" });

export default function TermsPage() {
  return <h1>Terms</h1>;
}
