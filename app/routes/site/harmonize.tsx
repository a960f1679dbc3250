import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { CellMark, comparison, faqs, PlanCard, plans } from "#app/components/site/harmonize-plans";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import type { Route } from "./+types/harmonize";
import { FaqList } from "#app/components/ui/faq-list";
import { PageHero } from "#app/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Plans and Pricing",
    description: `Compare the ${siteConfig.brand.name} meditation plans, from free to yearly, before the platform opens in ${siteConfig.meditationsLaunch}. Join the waitlist for the plan that suits you.`,
  });

export default function HarmonizePage() {
  return (
    <>
      <PageHero glow="warm" className="mx-auto max-w-6xl px-5 pt-20 pb-12 text-center sm:px-8 sm:pt-28">
        <p className="eyebrow">Harmonize</p>
        <h1 className="mx-auto mt-5 max-w-3xl animate-fade-up text-5xl text-ivory sm:text-6xl">
          Find the plan that fits your practice
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-sand sm:text-xl">
          Guided meditations set to live piano, virtual group sessions and a community of fellow listeners.
        </p>
        <p className="mx-auto mt-8 max-w-2xl rounded-3xl border border-amber/40 bg-umber/80 px-6 py-4 text-ivory">
          <strong className="font-semibold text-amber">The platform is not open yet.</strong> It opens in{" "}
          {siteConfig.meditationsLaunch}. Choose a plan to join the launch waitlist; nobody is charged anything until
          then.
        </p>
      </PageHero>

      <section aria-labelledby="plans-heading" className="mx-auto max-w-6xl px-5 pb-24 sm:px-8">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="compare-heading" className="defer-render border-y border-ember/60 bg-umber/40">
        <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8">
          <p className="eyebrow">Side by side</p>
          <h2 id="compare-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
            Compare the plans
          </h2>
          <div
            role="region"
            aria-labelledby="compare-caption"
            tabIndex={0}
            className="relative mt-10 overflow-x-auto rounded-3xl border border-ember bg-umber/70"
          >
            <table className="w-full min-w-[44rem] border-collapse text-left">
              <caption id="compare-caption" className="px-6 pt-6 pb-2 text-left text-sand">
                Features included in each plan
              </caption>
              <thead>
                <tr className="border-b border-ember">
                  <th scope="col" className="px-6 py-4 text-sm font-semibold text-mist">
                    Feature
                  </th>
                  {plans.map((plan) => (
                    <th key={plan.name} scope="col" className="px-4 py-4 text-center font-display text-xl font-medium text-ivory">
                      {plan.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {comparison.map((row) => (
                  <tr key={row.feature} className="border-b border-ember/60 last:border-b-0">
                    <th scope="row" className="px-6 py-3.5 font-normal text-sand">
                      {row.feature}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={plans[index]?.name ?? index} className="px-4 py-3.5 text-center text-ivory">
                        <CellMark value={value} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section aria-labelledby="guarantee-heading" className="defer-render mx-auto max-w-6xl px-5 pt-24 sm:px-8">
        <div className="flex flex-col gap-6 rounded-3xl border border-amber/40 bg-umber/70 p-7 sm:flex-row sm:items-center sm:p-10">
          <span className="inline-flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-ember text-amber">
            <ShieldCheck aria-hidden size={30} strokeWidth={1.6} />
          </span>
          <div>
            <h2 id="guarantee-heading" className="text-3xl text-ivory sm:text-4xl">
              7-day money-back guarantee
            </h2>
            <p className="mt-3 max-w-2xl text-lg text-sand">
              Try any paid plan for a week. If it does not bring a little more calm into your days, write to us within
              seven days of your first payment and we will refund it in full.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="defer-render mx-auto max-w-3xl px-5 py-24 sm:px-8">
        <FaqList faqs={faqs} />
        <div className="mt-12 text-center">
          <p className="text-lg text-sand">Still wondering which plan is right for you?</p>
          <Link to="/contact" className="button-secondary mt-5">
            Contact Us
          </Link>
        </div>
      </section>
    </>
  );
}
