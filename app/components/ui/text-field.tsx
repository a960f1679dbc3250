import type { InputHTMLAttributes } from "react";

/** A labelled input with its error under it, tied by aria-describedby: every public form uses it. */
export function TextField({
  id,
  label,
  error,
  labelAside,
  requiredMark,
  hint,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  /** A line under the field that says more (read with it, through aria-describedby). */
  hint?: string;
  labelAside?: React.ReactNode;
  /** Shows an asterisk after the label (for the eye only: `required` tells assistive technology). */
  requiredMark?: boolean;
  name: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm text-sand">
          {label}
          {requiredMark ? (
            <span aria-hidden="true" className="text-amber">
              {" "}
              *
            </span>
          ) : null}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        className="input-field mt-1.5"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-sand">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
