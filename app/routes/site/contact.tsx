import { Mail, MapPin, MessageCircle, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { externalLinkProps } from "#app/components/layout/navigation";
import { SocialIcon } from "#app/components/layout/social-icon";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import type { Route } from "./+types/contact";
import { FaqList } from "#app/components/ui/faq-list";
import { ConnectWithUs } from "#app/components/community/connect-with-us";
import { PageHero } from "#app/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact Us",
    description: `Write, call or join our WhatsApp group. Questions about ${siteConfig.brand.name} gatherings, venues or private events are welcome; we reply within ${siteConfig.contact.responseTime}.`,
  });

const { contact, venue } = siteConfig;
const telHref = `tel:${contact.phone.replace(/[^\d+]/g, "")}`;

/** Where the gatherings happen, from the most usual place to the occasional ones. */
const locations: { title: string; text: string }[] = [
  {
    title: `${venue.name.charAt(0).toUpperCase()}${venue.name.slice(1)} in ${venue.neighbourhood}`,
    text: `Most of our evenings are held in a living room in ${venue.neighbourhood}. The address is sent with your reservation, never published.`,
  },
  {
    title: venue.outdoor,
    text: "Sunset gatherings outdoors, with live piano to headphones, breathwork and a grounding meditation as the light fades.",
  },
  {
    title: `Other venues around ${venue.city}`,
    text: "Studios, gardens and quiet rooms across the city for candlelight yoga, workshops and retreats. Each event page names its venue.",
  },
];

const faqs = [
  {
    question: "How do I reserve a seat at a gathering?",
    answer:
      "Choose an evening on our events page and press 'Reserve Your Spot'. You will receive a confirmation by e-mail with the address and a link for the suggested contribution.",
  },
  {
    question: "Can you play at a private event or retreat?",
    answer: `Yes, we love to. Write to ${contact.email} with the date, the place and roughly how many guests you expect, and we will tell you what is possible.`,
  },
  {
    question: "What should I bring to an event?",
    answer:
      "Comfortable clothes, a yoga mat if you have one and a light blanket or sweater. For outdoor sunset gatherings, bring a layer for when the sun goes down.",
  },
];

export default function ContactPage() {
  return (
    <>
      <PageHero glow="soft" className="mx-auto max-w-6xl px-5 pt-20 pb-12 sm:px-8 sm:pt-28">
        <p className="eyebrow">Contact</p>
        <h1 className="mt-5 max-w-3xl animate-fade-up text-5xl text-ivory sm:text-6xl">We would love to hear from you</h1>
        <p className="mt-6 max-w-2xl text-lg text-sand sm:text-xl">
          Questions about an evening, a private event or the music itself: write, call or find us in our WhatsApp group.
          We reply within {contact.responseTime}.
        </p>
      </PageHero>

      <section aria-labelledby="reach-heading" className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
        <h2 id="reach-heading" className="text-4xl text-ivory sm:text-5xl">
          Ways to reach us
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          <ContactCard icon={Mail} title="E-mail">
            <a href={`mailto:${contact.email}`} className="break-words text-amber underline underline-offset-4 hover:text-ivory">
              {contact.email}
            </a>
            <p className="mt-2 text-sand">The best way to reach us about anything.</p>
          </ContactCard>
          <ContactCard icon={Phone} title="Phone">
            <a href={telHref} className="text-amber underline underline-offset-4 hover:text-ivory">
              {contact.phone}
            </a>
            <p className="mt-2 text-sand">{contact.hours}</p>
          </ContactCard>
          <ContactCard icon={MessageCircle} title="WhatsApp group">
            <a href={siteConfig.whatsappUrl} {...externalLinkProps} className="text-amber underline underline-offset-4 hover:text-ivory">
              Join our WhatsApp community
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <p className="mt-2 text-sand">News of upcoming evenings and a friendly place to ask questions.</p>
          </ContactCard>
        </ul>
      </section>

      <section aria-labelledby="locations-heading" className="defer-render border-y border-ember/60 bg-umber/40">
        <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8">
          <p className="eyebrow">Where we gather</p>
          <h2 id="locations-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
            Event locations
          </h2>
          <p className="mt-5 max-w-2xl text-lg text-sand">{venue.note}</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {locations.map((location) => (
              <li key={location.title} className="rounded-3xl border border-ember bg-umber/70 p-7">
                <MapPin aria-hidden size={22} className="text-amber" />
                <h3 className="mt-4 text-2xl text-ivory">{location.title}</h3>
                <p className="mt-3 text-sand">{location.text}</p>
              </li>
            ))}
          </ul>
          <Link to="/events" className="button-secondary mt-10">
            See upcoming events
          </Link>
        </div>
      </section>

      <section aria-labelledby="social-heading" className="defer-render mx-auto max-w-6xl px-5 py-24 sm:px-8">
        <h2 id="social-heading" className="text-4xl text-ivory sm:text-5xl">
          Follow along
        </h2>
        <p className="mt-5 max-w-2xl text-lg text-sand">Music, photos from past evenings and news of the next one.</p>
        <ul className="mt-8 flex flex-wrap gap-3">
          {siteConfig.social.map((social) => (
            <li key={social.name}>
              <a
                href={social.href}
                {...externalLinkProps}
                className="inline-flex min-h-11 items-center gap-3 rounded-full border border-ember bg-umber/70 px-5 py-2 text-sand transition-colors hover:border-amber hover:text-amber"
              >
                <SocialIcon name={social.name} />
                {social.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-heading" className="defer-render border-t border-ember/60 bg-umber/40">
        <div className="mx-auto max-w-3xl px-5 py-24 sm:px-8">
          <FaqList faqs={faqs} />
        </div>
      </section>

      <ConnectWithUs id="contact-connect" source="contact" />
    </>
  );
}

function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="rounded-3xl border border-ember bg-umber/70 p-7">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-ember text-amber">
        <Icon aria-hidden size={22} strokeWidth={1.6} />
      </span>
      <h3 className="mt-5 text-2xl text-ivory">{title}</h3>
      <div className="mt-3">{children}</div>
    </li>
  );
}
