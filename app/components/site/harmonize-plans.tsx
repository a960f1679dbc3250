// The Harmonize page's plans, their comparison and questions, and the cards that offer them.
import { Check, Minus } from "lucide-react";
import { Modal } from "#app/components/ui/modal";
import { WaitlistForm } from "#app/components/waitlist-form";
import { siteConfig } from "#app/lib/site-config";

export interface Plan {
  name: string;
  /** Price in whole US dollars for one period; 0 is free. */
  price: number;
  period: "month" | "year";
  /** Regular price of the period, shown struck through, charged again from the second period. */
  regularPrice?: number;
  savePercent?: number;
  badge?: "Most Popular" | "Best Value";
  description: string;
  features: string[];
}

const community = `${siteConfig.brand.memberProgramName} Community`;

export const plans: Plan[] = [
  {
    name: "Harmony Prelude",
    price: 0,
    period: "month",
    description: "A gentle first step: try a few sessions and see how the music sits with you.",
    features: ["3 guided meditations", "Intake quiz", "Limited reflection journal", "Monthly newsletter"],
  },
  {
    name: "Harmony Ensemble",
    price: 8,
    period: "month",
    description: "A steady practice with a growing library and a live session each month.",
    features: [
      "18 guided meditations",
      "1 virtual group session a month",
      "Unlimited reflection journal",
      "Basic resources",
      "Themed journeys",
    ],
  },
  {
    name: "Harmony Symphony",
    price: 18,
    period: "month",
    badge: "Most Popular",
    description: "The whole library, recommendations made for you and a place in our community.",
    features: [
      "All 72 guided meditations",
      "1 virtual group session a month",
      "Downloadable resources",
      "Discounts on live events",
      community,
      "Personalized recommendations",
      "Monthly curated experiences",
    ],
  },
  {
    name: "Harmony Masterpiece",
    price: 88,
    period: "year",
    regularPrice: 162,
    savePercent: 55,
    badge: "Best Value",
    description: "A full year of practice, with a welcome kit and first choice of seats at our gatherings.",
    features: [
      "Everything in Harmony Symphony",
      "Welcome kit",
      "Quarterly 7-day collections",
      "Priority event access",
      "Advanced progress dashboard",
    ],
  },
];

type Cell = boolean | string;

/** One value per plan, in the order of `plans`. */
export const comparison: { feature: string; values: [Cell, Cell, Cell, Cell] }[] = [
  { feature: "Guided meditations", values: ["3", "18", "All 72", "All 72"] },
  { feature: "Intake quiz", values: [true, true, true, true] },
  { feature: "Reflection journal", values: ["Limited", "Unlimited", "Unlimited", "Unlimited"] },
  { feature: "Monthly newsletter", values: [true, true, true, true] },
  { feature: "Virtual group sessions", values: [false, "1 a month", "1 a month", "1 a month"] },
  { feature: "Resources", values: [false, "Basic", "Downloadable", "Downloadable"] },
  { feature: "Themed journeys", values: [false, true, true, true] },
  { feature: "Discounts on live events", values: [false, false, true, true] },
  { feature: community, values: [false, false, true, true] },
  { feature: "Personalized recommendations", values: [false, false, true, true] },
  { feature: "Monthly curated experiences", values: [false, false, true, true] },
  { feature: "Welcome kit", values: [false, false, false, true] },
  { feature: "Quarterly 7-day collections", values: [false, false, false, true] },
  { feature: "Priority event access", values: [false, false, false, true] },
  { feature: "Advanced progress dashboard", values: [false, false, false, true] },
];

export const faqs = [
  {
    question: "Is there a money-back guarantee?",
    answer:
      "Yes. Every paid plan comes with a 7-day money-back guarantee. If the music is not for you, write to us within seven days of your first payment and we will refund it in full.",
  },
  {
    question: "Am I locked into a contract?",
    answer: "No. Monthly plans run month-to-month and you can cancel anytime; you keep access until the end of the period you have paid for.",
  },
  {
    question: "Can I switch plans later?",
    answer: "Of course. Move up or down whenever you like; the change takes effect at the start of your next billing cycle.",
  },
  {
    question: "Is there a discount for paying yearly?",
    answer: "Yes. Annual billing comes with a 20% discount compared with paying month by month.",
  },
  {
    question: "Will I be charged for joining the waitlist?",
    answer: `No. Joining the waitlist only reserves your place in line; we ask for an e-mail address and nothing else. When the platform opens in ${siteConfig.meditationsLaunch}, we will write to you and you can decide then.`,
  },
];

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

function formatPrice(amount: number): string {
  return amount === 0 ? "Free" : dollars.format(amount);
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

export function PlanCard({ plan }: { plan: Plan }) {
  const featured = plan.badge !== undefined;
  return (
    <li
      className={`relative flex flex-col rounded-3xl border bg-umber/70 p-7 ${featured ? "border-amber/70" : "border-ember"}`}
    >
      {plan.badge ? (
        <p className="absolute -top-3.5 left-7 rounded-full bg-amber px-3 py-1 text-xs font-semibold tracking-wide text-night uppercase">
          {plan.badge}
        </p>
      ) : null}
      <h3 className="text-3xl text-ivory">{plan.name}</h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        {plan.regularPrice !== undefined ? (
          <>
            <span className="sr-only">Regular price </span>
            <s className="text-xl text-mist">{formatPrice(plan.regularPrice)}</s>
            <span className="sr-only">, first year </span>
          </>
        ) : null}
        <span className="font-display text-5xl text-ivory">{formatPrice(plan.price)}</span>
        {plan.price > 0 ? <span className="text-mist">per {plan.period}</span> : null}
      </p>
      {plan.savePercent !== undefined || plan.regularPrice !== undefined ? (
        <p className="mt-2 text-sm text-sand">
          {plan.savePercent !== undefined ? (
            <span className="mr-2 rounded-full bg-sage/20 px-2.5 py-0.5 font-semibold text-ivory">
              Save {plan.savePercent}%
            </span>
          ) : null}
          {plan.regularPrice !== undefined
            ? `Renews at ${formatPrice(plan.regularPrice)} per ${plan.period} after the first ${plan.period}.`
            : null}
        </p>
      ) : null}
      <p className="mt-5 text-sand">{plan.description}</p>
      <ul className="mt-6 flex-1 space-y-3 border-t border-ember pt-6">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-sand">
            <Check aria-hidden size={18} className="mt-1 shrink-0 text-amber" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <WaitlistDialog plan={plan} featured={featured} />
    </li>
  );
}

function WaitlistDialog({ plan, featured }: { plan: Plan; featured: boolean }) {
  return (
    <Modal
      trigger={
        <>
          Join the waitlist<span className="sr-only"> for {plan.name}</span>
        </>
      }
      triggerProps={{ className: `${featured ? "button-primary" : "button-secondary"} mt-8 w-full` }}
      title={plan.name}
      description={
        <>
          The platform opens in {siteConfig.meditationsLaunch}. Leave your e-mail to join the launch waitlist for{" "}
          {plan.name}; we will write when it is ready. Nothing is charged today.
        </>
      }
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-3xl border border-ember"
    >
      <WaitlistForm id={`waitlist-${slug(plan.name)}`} source="harmonize" plan={plan.name} />
    </Modal>
  );
}

export function CellMark({ value }: { value: Cell }) {
  if (typeof value === "string") return <span className="text-sand">{value}</span>;
  return value ? (
    <>
      <Check aria-hidden size={20} className="mx-auto text-amber" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus aria-hidden size={20} className="mx-auto text-mist" />
      <span className="sr-only">Not included</span>
    </>
  );
}
