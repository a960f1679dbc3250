import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/harmonize";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Harmonize", description: "Harmonize" });

export default function HarmonizePage() {
  return <h1>Harmonize</h1>;
}
