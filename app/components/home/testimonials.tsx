import { useEffect, useRef, useState } from "react";
import { testimonials, type Testimonial } from "#app/content/testimonials";
import { letterRotation } from "./letter-rotation";
import { useLetterRotation } from "./use-letter-rotation";

/** 'What Our Community Says': the six quotes, under the faded rotating Hebrew letter. */
export function Testimonials() {
  const { letter, visible } = useLetterRotation();
  // The letter fades out and in by its opacity; under reduced motion it never changes.
  const fade = { opacity: visible ? 1 : 0, transitionDuration: `${letterRotation.fadeMs}ms` };
  const fadeClass = "transition-opacity ease-in-out motion-reduce:transition-none";
  return (
    <section aria-labelledby="testimonials-heading" className="relative isolate overflow-hidden">
      <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">Testimonials</p>
            <h2 id="testimonials-heading" className="mt-3 text-4xl text-ivory sm:text-5xl">
              What Our Community Says
            </h2>
          </div>
          <p data-testid="hebrew-letter" data-letter={letter.name} className={`text-sm text-mist ${fadeClass}`} style={fade}>
            <span lang="he" aria-hidden className="mr-2 text-lg text-amber">
              {letter.glyph}
            </span>
            {letter.name} &middot; {letter.meaning}
          </p>
        </div>
        <div className="relative mt-12">
          <span
            aria-hidden
            lang="he"
            className={`pointer-events-none absolute inset-0 z-10 flex items-center justify-center font-display text-[14rem] leading-none text-amber/10 select-none sm:text-[20rem] ${fadeClass}`}
            style={fade}
          >
            {letter.glyph}
          </span>
          <ul className="relative grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {testimonials.map((testimonial) => (
              <TestimonialCard key={testimonial.id} testimonial={testimonial} />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <li className="flex flex-col rounded-3xl border border-ember bg-umber/80 p-7">
      <blockquote className="flex-1 text-sand">
        <p>&ldquo;{testimonial.quote}&rdquo;</p>
      </blockquote>
      <div className="mt-6 flex items-center gap-4">
        <Avatar name={testimonial.name} src={testimonial.avatarSrc} />
        <p>
          <span className="block font-semibold text-ivory">{testimonial.name}</span>
          <span className="block text-sm text-mist">{testimonial.title}</span>
        </p>
      </div>
    </li>
  );
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** The quote's picture, or the person's initials when it cannot be loaded. */
function Avatar({ name, src }: { name: string; src: string }) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  // A picture that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) {
    return (
      <span
        aria-hidden
        className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full border border-ember bg-ember font-semibold text-amber"
      >
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <img
      ref={imageRef}
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="h-12 w-12 shrink-0 rounded-full border border-ember"
    />
  );
}
