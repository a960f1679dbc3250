import { useRouteLoaderData } from "react-router";
import type { RootData, RootUser } from "./seo";

/** The signed-in user, as the root loader read it for this request; null for a visitor. */
export function useSignedInUser(): RootUser | null {
  return (useRouteLoaderData("root") as RootData | undefined)?.user ?? null;
}
