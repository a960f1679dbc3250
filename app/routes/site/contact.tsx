import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Contact", description: "Contact" });

export default function ContactPage() {
  return <h1>Contact</h1>;
}
