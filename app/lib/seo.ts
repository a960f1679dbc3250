import type { MetaDescriptor } from "react-router";
import { siteConfig } from "./site-config";

/** The signed-in user as every page may know it: enough for the header and the corner badge. */
export interface RootUser {
  id: string;
  email: string;
  name: string;
  /** Where this person's staff work starts (the header's 'Staff' link); null for members. */
  staffHome: string | null;
}

export interface RootData {
  publicUrl: string;
  user: RootUser | null;
  /** The listener's own playlist for the global audio player (a page may supply another). */
  playlist: { title: string; src: string }[];
  /** What the footer's newsletter form sent before the page's scripts ran came back with (routes/site/footer-newsletter.server.ts). */
  footerNewsletter: { ok: true; message: string } | { ok: false; error: string; email: string } | null;
  /** Where the Donate link leads: DONATE_URL, else our /donate page when Stripe is configured, else the spec's external link. */
  donateHref: string;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute path of a 1200x630 picture; the brand's default otherwise. */
  image?: string;
  /** Pages that must not be indexed (mailbox, account pages). */
  noIndex?: boolean;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function pageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const publicUrl = root?.publicUrl ?? "";
  const canonical = `${publicUrl}${args.location.pathname === "/" ? "/" : args.location.pathname.replace(/\/+$/, "")}`;
  const title = page.title === siteConfig.brand.fullName ? page.title : `${page.title} | ${siteConfig.brand.name}`;
  const image = `${publicUrl}${page.image ?? "/media/og-image.jpg"}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.brand.fullName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.noIndex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}
