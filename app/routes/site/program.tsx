import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/program";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Program", description: "Program" });

export default function ProgramPage() {
  return <h1>Program</h1>;
}
