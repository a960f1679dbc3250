import { program } from "#app/content/program";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import type { Route } from "./+types/program";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Program",
    description: `The pieces played at a ${siteConfig.brand.name} evening, in order: original solo piano by ${siteConfig.founder.name} for arrival, breath and stillness, played live by candlelight.`,
  });

/**
 * Intrinsic size of public/media/images/program.png, rendered from the same data by
 * scripts/media/program.ts with its WebP versions (`programWebpWidths` there): a phone takes the 480 px
 * one (14 KB instead of the PNG's 185 KB).
 */
const image = { src: "/media/images/program.png", width: 1200, height: 1496 };
const webpSrcSet = [480, 800, 1200].map((width) => `/media/images/program-${width}.webp ${width}w`).join(", ");
/** Shown the full width of the column: the page's width less its margins, at most 42rem; beside the list from lg, about 35rem. */
const imageSizes = "(min-width: 1024px) 35rem, (min-width: 712px) 42rem, calc(100vw - 2.5rem)";

export default function ProgramPage() {
  return (
    <div className="mx-auto max-w-6xl px-5 pt-16 pb-24 sm:px-8 sm:pt-24">
      <header className="max-w-3xl">
        <p className="eyebrow">The evening&rsquo;s program</p>
        <h1 className="mt-5 animate-fade-up text-5xl text-ivory sm:text-6xl">{program.title}</h1>
        <p className="mt-5 text-lg text-sand sm:text-xl">{program.subtitle}</p>
      </header>

      <div className="mt-12 grid items-start gap-12 lg:grid-cols-[1.15fr_1fr]">
        <picture className="contents">
          <source type="image/webp" srcSet={webpSrcSet} sizes={imageSizes} />
          <img
            src={image.src}
            width={image.width}
            height={image.height}
            alt={`${program.title}: the printed program card. Every piece on it is also listed as text on this page.`}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-2xl rounded-3xl border border-ember"
          />
        </picture>

        <section aria-labelledby="program-list-heading" className="rounded-3xl border border-ember bg-umber/70 p-7 sm:p-9">
          <h2 id="program-list-heading" className="text-3xl text-ivory sm:text-4xl">
            The program, piece by piece
          </h2>
          <ol className="mt-8 space-y-10">
            {program.sections.map((section, index) => (
              <li key={section.heading}>
                <section aria-labelledby={`program-part-${index}`}>
                  <h3 id={`program-part-${index}`} className="text-2xl text-amber">
                    <span className="sr-only">Part {index + 1}: </span>
                    {section.heading}
                  </h3>
                  <p className="mt-1 text-mist italic">{section.description}</p>
                  <ol className="mt-4 list-decimal space-y-2 pl-6 text-ivory marker:text-mist">
                    {section.songs.map((song) => (
                      <li key={song.title}>
                        {song.title}
                        {song.note ? <span className="text-mist italic"> ({song.note})</span> : null}
                      </li>
                    ))}
                  </ol>
                </section>
              </li>
            ))}
          </ol>
          <p className="mt-10 border-t border-ember pt-6 text-sand italic">{program.closing}</p>
        </section>
      </div>
    </div>
  );
}
