import { siteConfig } from "#app/lib/site-config";

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

export const donateLink: NavLink = { label: "Donate", to: siteConfig.donationUrl, external: true };

/** The footer's navigation list, in the spec's order. */
export const footerLinks: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Events", to: "/events" },
  { label: "Meditations", to: "/meditations" },
  { label: "Harmonize", to: "/harmonize" },
  { label: "Contact", to: "/contact" },
  donateLink,
];

/** Pages that stand alone, without the footer. */
export const pathsWithoutFooter = ["/welcome", "/friend", "/join"];

export const externalLinkProps = { target: "_blank", rel: "noopener noreferrer" } as const;
