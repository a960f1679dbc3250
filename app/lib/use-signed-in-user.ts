import { useRouteLoaderData } from "react-router";
import type { RootData, RootUser } from "./seo";
import { siteConfig } from "./site-config";

/** Where the Donate link leads on this site (the root loader's choice); the spec's external link before any data. */
export function useDonateHref(): string {
  return (useRouteLoaderData("root") as RootData | undefined)?.donateHref ?? siteConfig.donationUrl;
}

/** The signed-in user, as the root loader read it for this request; null for a visitor. */
export function useSignedInUser(): RootUser | null {
  return (useRouteLoaderData("root") as RootData | undefined)?.user ?? null;
}
