import type { ReactNode, Ref } from "react";
import { PageFrame } from "#app/components/ui/page-hero";

/** The quiet centred card that the login, sign-up, reset and sign-in-link pages share. */
export function AuthCard(props: { eyebrow?: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <PageFrame className="mx-auto max-w-md rounded-3xl border border-ember bg-umber/80 p-7 shadow-2xl shadow-black/50 sm:p-9">
      {props.eyebrow ? <p className="eyebrow">{props.eyebrow}</p> : null}
      <h1 className="mt-2 text-4xl text-ivory">{props.title}</h1>
      {props.intro ? <div className="mt-3 text-sand">{props.intro}</div> : null}
      <div className="mt-7">{props.children}</div>
    </PageFrame>
  );
}

/** A message under a form: green-gold for success, rose for an error; read out when it appears. */
export function FormBanner(props: { tone: "success" | "error"; children: ReactNode; id?: string }) {
  return (
    <p
      id={props.id}
      role={props.tone === "error" ? "alert" : "status"}
      className={
        props.tone === "error"
          ? "rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
          : "rounded-xl border border-amber/40 bg-amber/10 px-4 py-3 text-sm text-amber"
      }
    >
      {props.children}
    </p>
  );
}

/**
 * Where a form's outcome appears. It can take focus (the page moves focus here after a submit),
 * so a screen reader reads the outcome; empty until there is one.
 */
export function BannerSlot({
  ref,
  banner,
  spaced,
}: {
  ref: Ref<HTMLDivElement>;
  banner: { tone: "success" | "error"; text: ReactNode } | null | undefined;
  /** Space below the banner, when a form follows it. */
  spaced?: boolean;
}) {
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      {banner ? (
        <div className={spaced ? "mb-6" : undefined}>
          <FormBanner tone={banner.tone}>{banner.text}</FormBanner>
        </div>
      ) : null}
    </div>
  );
}
