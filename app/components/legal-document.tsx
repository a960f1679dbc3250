import { Fragment } from "react";
import type { LegalSection } from "#app/content/legal-section";
import { siteConfig } from "#app/lib/site-config";

// A calendar date, so it is read and shown in UTC: the same day on the server and in every browser.
const lastUpdated = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
  new Date(`${siteConfig.legal.effectiveDate}T00:00:00Z`),
);

/** A legal page: title, 'Last updated' from configuration, contents, numbered sections. */
export function LegalDocument({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-5 pt-20 pb-24 sm:px-8 sm:pt-28">
      <header>
        <p className="eyebrow">Legal</p>
        <h1 className="mt-5 text-5xl text-ivory sm:text-6xl">{title}</h1>
        <p className="mt-5 text-mist">
          Last updated: <time dateTime={siteConfig.legal.effectiveDate}>{lastUpdated}</time>
        </p>
      </header>

      <nav aria-labelledby="contents-heading" className="mt-12 rounded-3xl border border-ember bg-umber/70 p-7">
        <h2 id="contents-heading" className="text-2xl text-ivory">
          Contents
        </h2>
        <ol className="mt-4 list-decimal space-y-1.5 pl-6 text-sand marker:text-mist sm:columns-2 sm:gap-10">
          {sections.map((section) => (
            <li key={section.id} className="break-inside-avoid">
              <a href={`#${section.id}`} className="underline-offset-4 hover:text-amber hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="prose-calm mt-4">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <WithEmailLink text={paragraph} />
              </p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}

/** Turns our e-mail address inside a paragraph into a mailto link. */
function WithEmailLink({ text }: { text: string }) {
  const { email } = siteConfig.contact;
  const parts = text.split(email);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <a href={`mailto:${email}`}>{email}</a> : null}
      {part}
    </Fragment>
  ));
}
