import type { InputHTMLAttributes } from "react";

/** A labelled input with its error under it, tied by aria-describedby: every public form uses it. */
export function TextField({
  id,
  label,
  error,
  labelAside,
  requiredMark,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  labelAside?: React.ReactNode;
  /** Shows an asterisk after the label (for the eye only: `required` tells assistive technology). */
  requiredMark?: boolean;
  name: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
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
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
