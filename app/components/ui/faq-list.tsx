import type { ReactNode } from "react";

export interface Faq {
  question: string;
  answer: ReactNode;
}

/** The 'Frequently asked questions' block: a heading and one native disclosure per question. */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <>
      <p className="eyebrow">Questions</p>
      <h2 id="faq-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
        Frequently asked questions
      </h2>
      <div className="mt-10 space-y-4">
        {faqs.map((faq) => (
          <details key={faq.question} className="rounded-3xl border border-ember bg-umber/70 p-6">
            <summary className="cursor-pointer text-lg font-semibold text-ivory marker:text-amber">{faq.question}</summary>
            <p className="mt-3 text-sand">{faq.answer}</p>
          </details>
        ))}
      </div>
    </>
  );
}
