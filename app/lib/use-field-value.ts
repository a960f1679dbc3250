import { useCallback, useEffect, useRef, useState, type ChangeEvent } from "react";

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The current value of an uncontrolled field, for what a form shows from it (a count, a preview, a
 * pressed suggestion, a filtered list). React never writes the field's value, so nothing typed is
 * lost when the page hydrates (decision 034: people type before it does); what was typed by then
 * is read from the element once it hydrates. `onValue` hears every change, that one included.
 */
export function useFieldValue<Element extends FieldElement>(initial: string, onValue?: (value: string) => void) {
  const ref = useRef<Element>(null);
  const [value, setValue] = useState(initial);
  const listener = useRef(onValue);
  useEffect(() => {
    listener.current = onValue;
  });

  const change = useCallback((next: string) => {
    setValue(next);
    listener.current?.(next);
  }, []);
  const onChange = useCallback((event: ChangeEvent<Element>) => change(event.currentTarget.value), [change]);
  /** Puts a value in the field as the person would (a suggestion, emptying after a send). */
  const set = useCallback(
    (next: string) => {
      if (ref.current) ref.current.value = next;
      change(next);
    },
    [change],
  );

  useEffect(() => {
    const typed = ref.current?.value;
    // Typed before hydration: the element has it, the first render did not.
    if (typed !== undefined && typed !== initial) change(typed);
    // Only the value the page was served with counts; later `initial`s are the form's defaults.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** `field` is spread on the element: its ref, its default value and the change listener. */
  return { value, set, field: { ref, defaultValue: initial, onChange } };
}
