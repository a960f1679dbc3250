import type { ReactNode } from "react";

/** One dashboard panel: a titled region. */
export function Panel(props: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${props.id}-title`} className={`rounded-2xl border border-sand/15 bg-umber/60 p-4 sm:p-6 ${props.className ?? ""}`}>
      <h2 id={`${props.id}-title`} className="text-2xl text-ivory">
        {props.title}
      </h2>
      <div className="mt-4">{props.children}</div>
    </section>
  );
}

/** What a panel shows when its data could not be read (the page's banner says why). */
export function PanelUnavailable({ what }: { what: string }) {
  return <p className="text-sm text-danger">{`${what}: not available right now.`}</p>;
}
