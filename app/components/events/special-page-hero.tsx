import type { ReactNode } from "react";

/**
 * The short hero of the special event pages (/reserve, /rsvp: 300 px; /vip: 400 px): a title over a
 * warm glow, with an optional call to action.
 */
export function SpecialPageHero(props: { eyebrow: string; title: string; height: 300 | 400; children?: ReactNode }) {
  return (
    <section
      className={`relative isolate flex items-center overflow-hidden ${props.height === 400 ? "min-h-[400px]" : "min-h-[300px]"}`}
    >
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(232,184,109,0.2),transparent_70%)]"
      />
      <div className="mx-auto w-full max-w-6xl px-5 py-12 text-center sm:px-8">
        <p className="eyebrow">{props.eyebrow}</p>
        <h1 className="mt-4 text-5xl text-ivory sm:text-6xl">{props.title}</h1>
        {props.children}
      </div>
    </section>
  );
}
