import type { CSSProperties } from "react";

/** Where each note or mote sits in its section and how slowly it drifts; a handful, all CSS. */
const symbols = [
  { glyph: "\u266A", left: "6%", top: "18%", size: "1.75rem", duration: "15s", delay: "0s" },
  { glyph: "\u2726", left: "88%", top: "12%", size: "1rem", duration: "12s", delay: "-4s" },
  { glyph: "\u266B", left: "78%", top: "70%", size: "2rem", duration: "18s", delay: "-9s" },
  { glyph: "\u2727", left: "14%", top: "78%", size: "0.9rem", duration: "13s", delay: "-6s" },
  { glyph: "\u2022", left: "48%", top: "8%", size: "0.6rem", duration: "11s", delay: "-2s" },
  { glyph: "\u2022", left: "62%", top: "88%", size: "0.5rem", duration: "16s", delay: "-11s" },
];

/**
 * Decorative musical notes and particles drifting behind a section's content (the parent must be
 * positioned). Pure CSS transform/opacity animation; hidden from assistive technology and removed
 * under reduced motion (app.css).
 */
export function DriftingSymbols() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 overflow-hidden select-none">
      {symbols.map((symbol, index) => (
        <span
          key={index}
          className="animate-drift absolute text-amber/25 will-change-transform"
          style={
            {
              left: symbol.left,
              top: symbol.top,
              fontSize: symbol.size,
              "--drift-duration": symbol.duration,
              "--drift-delay": symbol.delay,
            } as CSSProperties
          }
        >
          {symbol.glyph}
        </span>
      ))}
    </div>
  );
}
