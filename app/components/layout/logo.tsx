import { Link } from "react-router";
import { siteConfig } from "#app/lib/site-config";

export function Logo() {
  return (
    <Link to="/" className="group inline-flex items-center gap-2.5 rounded-md" aria-label={`${siteConfig.brand.name}, home`}>
      <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
      <span className="font-display text-2xl font-medium tracking-wide text-ivory transition-colors group-hover:text-amber">
        {siteConfig.brand.name}
      </span>
    </Link>
  );
}
