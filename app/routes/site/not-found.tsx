import { data } from "react-router";
import { MessagePage } from "#app/components/message-page";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Page not found", description: "This page could not be found.", noIndex: true });

export default function NotFound() {
  return (
    <MessagePage
      eyebrow="404"
      title="This page could not be found"
      text="The page you were looking for has moved or never existed. Perhaps one of these will do instead."
    />
  );
}
