import { useEffect, useState } from "react";
import { hebrewLetters, letterRotation, nextLetterIndex } from "./letter-rotation";

/** The letter on show and whether it is faded in; under reduced motion the first letter stays, unfaded. */
export function useLetterRotation() {
  const [state, setState] = useState({ index: 0, visible: true });

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let fade = 0;
    const interval = window.setInterval(() => {
      setState((current) => ({ ...current, visible: false }));
      fade = window.setTimeout(
        () => setState((current) => ({ index: nextLetterIndex(current.index, hebrewLetters.length), visible: true })),
        letterRotation.fadeMs,
      );
    }, letterRotation.intervalMs);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(fade);
    };
  }, []);

  return { letter: hebrewLetters[state.index]!, visible: state.visible };
}
