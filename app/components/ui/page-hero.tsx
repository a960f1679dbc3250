import type { ReactNode } from "react";

// Tailwind reads class names from the source, so each glow is written out whole.
const wideGlows = {
  soft: "bg-[radial-gradient(ellipse_at_top,rgba(232,184,109,0.14),transparent_65%)]",
  warm: "bg-[radial-gradient(ellipse_at_top,rgba(232,184,109,0.16),transparent_65%)]",
};

/**
 * The opening section of a public page: the amber glow from the top behind a full-width band. The
 * container's class sets width and spacing, which differ from page to page.
 */
export function PageHero(props: { glow: keyof typeof wideGlows; className: string; children: ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden">
      <div aria-hidden className={`absolute inset-0 -z-10 ${wideGlows[props.glow]}`} />
      <div className={props.className}>{props.children}</div>
    </section>
  );
}

/** The narrow page under a soft glow that the member, invitation and setup pages share. */
export function PageFrame(props: { className: string; children: ReactNode }) {
  return (
    <section className="relative isolate px-5 py-16 sm:py-24">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(232,184,109,0.14),transparent_60%)]" />
      <div className={props.className}>{props.children}</div>
    </section>
  );
}
