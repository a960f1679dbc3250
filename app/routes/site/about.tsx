import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "About", description: "About" });

export default function AboutPage() {
  return <h1>About</h1>;
}
