import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Privacy", description: "Privacy" });

export default function PrivacyPage() {
  return <h1>Privacy</h1>;
}
