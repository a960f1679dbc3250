import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/meditations";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Meditations", description: "Meditations" });

export default function MeditationsPage() {
  return <h1>Meditations</h1>;
}
