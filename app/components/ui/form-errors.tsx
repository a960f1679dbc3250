import { useEffect, useRef, useState, type RefObject } from "react";
import { useFormAction } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated";

/**
 * The one way a form reports what is wrong (docs/decisions/055), on every public and staff form:
 *
 * - an error summary at the top of the form (`ErrorSummary`): "There is a problem", each error a
 *   link to its field, read out as it appears (role=alert);
 * - with JavaScript, focus on the first field in error, scrolled into view clear of the sticky
 *   header and the staff navigation (`useErrorFocus`, `focusFirstError`), smoothly unless the
 *   person asked for reduced motion;
 * - without JavaScript (and for a press before hydration), the form posts to its action with the
 *   summary's id as the fragment (`useErrorSummaryAction`): the page that answers a refused post
 *   carries the summary, and Chromium scrolls to the fragment's element and focuses it (it has
 *   tabindex=-1), so the person lands on the summary, one Tab from the first error's link. Should
 *   the page's scripts then run, they take the person on to the first field in error.
 */

export const errorSummaryTitle = "There is a problem";

/** A form's errors by field name (a field without an error is absent or undefined). */
export type FieldErrors = Readonly<Partial<Record<string, string | undefined>>>;

const hasErrors = (errors: FieldErrors | null | undefined) => Object.values(errors ?? {}).some(Boolean);

/**
 * The form's action with the summary's id as the fragment, until the page has hydrated: a post the
 * browser makes itself comes back to the summary. Once React posts the form, the fragment would only
 * stay behind in the address (React Router navigates to it), so the plain action is used.
 */
export function useErrorSummaryAction(summaryId: string, action?: string): string | undefined {
  const resolved = useFormAction(action);
  const hydrated = useHydrated();
  return hydrated ? action : `${resolved.split("#")[0]}#${summaryId}`;
}

/**
 * "There is a problem" and a link to each field in error, at the top of the form; nothing when all
 * is well. `message` is a refusal of the form as a whole (shown above the list). Give it the
 * `key` that `useErrorFocus` returns, so a second refusal is read out again.
 */
export function ErrorSummary<Field extends string>(props: {
  id: string;
  errors: Readonly<Partial<Record<Field, string | undefined>>> | null | undefined;
  /** The id of the element a field's link leads to; undefined lists the error without a link. */
  fieldId: (field: Field) => string | undefined;
  message?: string | null;
  /** The summary's heading under the form's own (h2 by default). */
  headingLevel?: 2 | 3 | 4 | 5;
  className?: string;
}) {
  const entries = (Object.entries(props.errors ?? {}) as Array<[Field, string | undefined]>).filter((entry): entry is [Field, string] => Boolean(entry[1]));
  const region = useRef<HTMLDivElement>(null);
  // A post made before hydration came back to this summary (the fragment): once scripts run, the
  // person goes on to the first field in error, as after any refusal with JavaScript. Only while
  // they are still at the summary: never away from where they have moved to.
  const { errors } = props;
  useEffect(() => {
    const summary = region.current;
    if (summary && document.activeElement === summary) focusFirstError(summary.closest("form"), errors ?? {});
    // Once, as the page hydrates: a summary that appears later was not the fragment's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!entries.length && !props.message) return null;
  const Heading = (`h${props.headingLevel ?? 2}`) as "h2" | "h3" | "h4" | "h5";
  const titleId = `${props.id}-title`;
  return (
    <div
      ref={region}
      id={props.id}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      data-error-summary=""
      className={`rounded-xl border border-danger/50 bg-danger/10 px-4 py-3 text-danger focus:outline-2 focus:outline-offset-2 focus:outline-danger ${props.className ?? ""}`}
    >
      <Heading id={titleId} className="font-sans text-base font-semibold text-ivory">
        {errorSummaryTitle}
      </Heading>
      {props.message ? <p className="mt-1 text-sm">{props.message}</p> : null}
      {entries.length ? (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
          {entries.map(([field, message]) => {
            const target = props.fieldId(field);
            return (
              <li key={field}>
                {target ? (
                  <a
                    href={`#${target}`}
                    className="underline underline-offset-4 hover:text-ivory"
                    onClick={(event) => {
                      const element = document.getElementById(target);
                      if (!element) return;
                      // The field, not the address bar's fragment: and scrolled as everything here is.
                      event.preventDefault();
                      revealAndFocus(element);
                    }}
                  >
                    {message}
                  </a>
                ) : (
                  message
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Moves focus to the form's first field (in the form's order) named in `errors`, scrolled into view
 * clear of anything fixed at the top; when no field is named (the form was refused as a whole),
 * to the form's error summary.
 */
export function focusFirstError(form: HTMLFormElement | null | undefined, errors: FieldErrors) {
  if (!form) return;
  const field = [...form.elements].find(
    (element): element is HTMLElement =>
      isField(element) && !element.disabled && Boolean(errors[element.name]),
  );
  const target = field ?? form.querySelector<HTMLElement>("[data-error-summary]");
  if (target) revealAndFocus(target);
}

/** A control a person fills in (never a hidden input, a button or a fieldset). */
const isField = (element: Element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement && element.type !== "hidden") || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/**
 * Focuses `element` and scrolls it (with its label) into view, below the header and the staff
 * navigation: their height is the page's `scroll-padding-top` (app.css), the one place it is said.
 */
export function revealAndFocus(element: HTMLElement) {
  element.focus({ preventScroll: true });
  const rect = element.getBoundingClientRect();
  const label = isField(element) ? element.labels?.[0] : null;
  const top = Math.min(rect.top, label?.getBoundingClientRect().top ?? rect.top);
  const clearOfHeader = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  if (top >= clearOfHeader && rect.bottom <= window.innerHeight) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "center", inline: "nearest", behavior: reduced ? "instant" : "smooth" });
}

/**
 * After each new refusal on the running page (an `answer` object not met before: the browser's
 * check or the server's answer), moves focus to the first field in error. The answer the page was
 * served and hydrated with is left alone: the browser has already put the person at the summary, and
 * they may be typing. An earlier answer coming back into view (the browser's check passed, the
 * server's earlier answer shows while the new post is under way) moves nothing either. Answers the
 * refusal's number, the summary's `key`, so each new refusal is read out.
 */
export function useErrorFocus(answer: object | null | undefined, errors: FieldErrors | null | undefined, form: RefObject<HTMLFormElement | null>): number {
  // What the page is hydrated with was served; a form that mounts later (a panel opened, a form
  // keyed afresh by the refusal itself) meets a new answer.
  const hydrated = useHydrated();
  const [refusals, setRefusals] = useState<{ seen: readonly object[]; count: number }>(() => ({ seen: answer && !hydrated ? [answer] : [], count: 0 }));
  // React's "adjust state while rendering": the number is ready in the same render as the answer.
  if (answer && !refusals.seen.includes(answer)) setRefusals({ seen: [...refusals.seen.slice(-20), answer], count: refusals.count + 1 });
  const focused = useRef(0);
  useEffect(() => {
    if (refusals.count <= focused.current) return;
    focused.current = refusals.count;
    // A refusal of the form as a whole shows in its summary alone: the summary takes the focus then.
    if (hasErrors(errors) || form.current?.querySelector("[data-error-summary]")) focusFirstError(form.current, errors ?? {});
  }, [refusals.count, errors, form]);
  return refusals.count;
}
