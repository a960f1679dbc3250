export interface NavLink {
  label: string;
  to: string;
  external?: boolean;
}

/** The About dropdown of the header. */
export const aboutLinks: NavLink[] = [
  { label: "About Us", to: "/about" },
  { label: "Meditations", to: "/meditations" },
  { label: "Events", to: "/events" },
  { label: "Contact", to: "/contact" },
];

/** The Donate link, to wherever this site's donations go (useDonateHref): an outside page opens in a new tab. */
export function donateLink(href: string): NavLink {
  return { label: "Donate", to: href, external: /^https?:\/\//.test(href) };
}

/** The footer's navigation list, in the spec's order, with the Donate link's address. */
export const footerLinks = (donateHref: string): NavLink[] => [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Events", to: "/events" },
  { label: "Meditations", to: "/meditations" },
  { label: "Harmonize", to: "/harmonize" },
  { label: "Contact", to: "/contact" },
  donateLink(donateHref),
];

/** Pages that stand alone, without the footer. */
export const pathsWithoutFooter = ["/welcome", "/friend", "/join"];

export const externalLinkProps = { target: "_blank", rel: "noopener noreferrer" } as const;
