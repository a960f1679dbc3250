import { Check } from "lucide-react";
import { ambientVideo } from "#app/components/media/ambient-video";
import { BackgroundVideo } from "#app/components/media/background-video";
import { WaitlistForm } from "#app/components/waitlist-form";

const expectations = [
  "Personalised meditation recommendations",
  "Piano-guided sessions",
  "Self-reflection worksheets",
  "Progress tracking",
];

/** The launch sign-up of the coming guided meditation platform (public-site.md section 2). */
export function LaunchSignup() {
  return (
    <section aria-labelledby="launch-heading" className="mx-auto max-w-6xl px-5 py-24 sm:px-8">
      <div className="grid items-center gap-12 overflow-hidden rounded-3xl border border-ember bg-umber/70 p-7 sm:p-10 lg:grid-cols-2">
        <div className="relative aspect-video overflow-hidden rounded-2xl border border-ember bg-night">
          <BackgroundVideo
            className="h-full w-full object-cover"
            poster="/media/images/launch-platform.svg"
            sources={ambientVideo.sources}
            preload="metadata"
          />
        </div>
        <div>
          <span className="inline-flex rounded-full border border-amber/60 bg-amber/10 px-3 py-1 text-xs font-semibold tracking-[0.2em] text-amber uppercase">
            Coming Soon
          </span>
          <h2 id="launch-heading" className="mt-4 text-4xl text-ivory sm:text-5xl">
            Guided meditations to take home
          </h2>
          <p className="mt-4 text-lg text-sand">
            Our guided meditation platform is on its way. Leave your e-mail and we will tell you the day it opens.
          </p>
          <h3 className="mt-6 text-xl text-ivory">What to expect</h3>
          <ul className="mt-3 space-y-2 text-sand">
            {expectations.map((item) => (
              <li key={item} className="flex items-start gap-3">
                <Check aria-hidden size={18} className="mt-1 shrink-0 text-amber" />
                {item}
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <WaitlistForm id="home-launch" source="home" />
          </div>
          <p className="text-sm text-mist">We respect your privacy and will never share your information.</p>
        </div>
      </div>
    </section>
  );
}
