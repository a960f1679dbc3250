import { MessageCircle } from "lucide-react";
import { externalLinkProps } from "#app/components/layout/navigation";
import { siteConfig } from "#app/lib/site-config";
import type { CommunitySource } from "#app/modules/community";
import { CommunitySignupForm } from "./community-signup-form";

/**
 * 'Connect With Us' on the home page and /contact: the WhatsApp community, the venue note and the
 * community form. The home page also shows the community picture.
 */
export function ConnectWithUs(props: { id: string; source: CommunitySource; withImage?: boolean }) {
  return (
    <section aria-labelledby={`${props.id}-heading`} className="mx-auto max-w-6xl px-5 py-24 sm:px-8">
      <div className="grid gap-12 lg:grid-cols-2">
        <div>
          <p className="eyebrow">Community</p>
          <h2 id={`${props.id}-heading`} className="mt-3 text-4xl text-ivory sm:text-5xl">
            Connect With Us
          </h2>
          <p className="mt-5 text-lg text-sand">
            Join our community to hear about new gatherings first and to listen to unreleased piano music. We will
            e-mail you a link to sign in.
          </p>
          {props.withImage ? (
            <img
              src="/media/images/community.svg"
              alt={`The ${siteConfig.brand.name} community gathered around candles`}
              width={1200}
              height={800}
              loading="lazy"
              decoding="async"
              className="mt-8 h-auto w-full rounded-3xl border border-ember"
            />
          ) : null}
          <a href={siteConfig.whatsappUrl} {...externalLinkProps} className="button-secondary mt-8">
            <MessageCircle aria-hidden size={18} />
            Join the WhatsApp community
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <p className="mt-6 text-sm text-mist">{siteConfig.venue.note}</p>
        </div>
        <div className="self-start rounded-3xl border border-ember bg-umber/70 p-7 sm:p-9">
          <CommunitySignupForm id={`${props.id}-community`} source={props.source} />
        </div>
      </div>
    </section>
  );
}
