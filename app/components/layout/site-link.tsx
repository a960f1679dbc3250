import { NavLink } from "react-router";
import { externalLinkProps, type NavLink as SiteNavLink } from "./navigation";

/**
 * One link of the site's navigation: an internal page (marked as current when it is) or an
 * external site, which opens in a new tab and says so to screen readers.
 */
export function SiteLink({ link, className }: { link: SiteNavLink; className: string }) {
  if (link.external) {
    return (
      <a href={link.to} {...externalLinkProps} className={className}>
        {link.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <NavLink to={link.to} className={className}>
      {link.label}
    </NavLink>
  );
}
