import { Link } from "react-router";
import { siteConfig } from "#app/lib/site-config";
import { useDonateHref } from "#app/lib/use-signed-in-user";
import { Logo } from "./logo";
import { externalLinkProps, footerLinks } from "./navigation";
import { FooterNewsletterForm } from "./newsletter-form";
import { SiteLink } from "./site-link";
import { SocialIcon } from "./social-icon";

export function SiteFooter() {
  const donateHref = useDonateHref();
  return (
    <footer className="defer-render border-t border-ember/80 bg-umber">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 lg:grid-cols-[1.3fr_0.8fr_1.2fr]">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="sr-only">
            About {siteConfig.brand.name}
          </h2>
          <Logo />
          <p className="mt-5 max-w-sm text-sand">{siteConfig.brand.blurb}</p>
          <ul className="mt-6 flex gap-2" aria-label="Social media">
            {siteConfig.social.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  {...externalLinkProps}
                  aria-label={`${siteConfig.brand.name} on ${social.name} (opens in a new tab)`}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-ember text-sand transition-colors hover:border-amber hover:text-amber"
                >
                  <SocialIcon name={social.name} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-navigation">
          <h2 id="footer-navigation" className="eyebrow">
            Explore
          </h2>
          <ul className="mt-5 space-y-1">
            {footerLinks(donateHref).map((link) => (
              <li key={link.label}>
                <SiteLink link={link} className="inline-block py-1.5 text-sand hover:text-amber" />
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="eyebrow">
            Newsletter
          </h2>
          <p className="mt-5 mb-4 text-sand">New gatherings and music from the piano, about once a month.</p>
          <FooterNewsletterForm />
        </section>
      </div>
      <div className="border-t border-ember/60">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-5 py-6 text-sm text-mist sm:flex-row sm:justify-between sm:px-8">
          <p>
            © {new Date().getFullYear()} {siteConfig.brand.fullName}
          </p>
          <p className="flex gap-5">
            <Link to="/terms" className="hover:text-amber">
              Terms of Service
            </Link>
            <Link to="/privacy" className="hover:text-amber">
              Privacy Policy
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
