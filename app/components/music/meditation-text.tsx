import { groundingBreath } from "#app/content/grounding-breath";

/** The grounding breath meditation the welcome and friend pages share. */
export function MeditationText({ className }: { className?: string }) {
  return (
    <div className={className}>
      <h2 className="text-3xl text-amber sm:text-4xl">{groundingBreath.title}</h2>
      <div className="mt-5 space-y-4 text-lg leading-relaxed text-sand">
        {groundingBreath.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </div>
  );
}
