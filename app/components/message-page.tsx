import type { ReactNode } from "react";
import { Link } from "react-router";

/** A quiet full-width message: the 404 page, the error page and the holding pages use it. */
export function MessagePage(props: { eyebrow: string; title: string; text: string; children?: ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden px-5 py-28 text-center sm:py-36">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,rgba(232,184,109,0.16),transparent_60%)]" />
      <p className="eyebrow">{props.eyebrow}</p>
      <h1 className="mx-auto mt-4 max-w-2xl text-4xl text-ivory sm:text-5xl">{props.title}</h1>
      {props.text ? <p className="mx-auto mt-5 max-w-xl text-lg text-sand">{props.text}</p> : null}
      {props.children}
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <Link to="/" className="button-primary">
          Back to Home
        </Link>
        <Link to="/events" className="button-secondary">
          Explore Events
        </Link>
      </div>
    </section>
  );
}
