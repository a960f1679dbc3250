import { useCallback, useRef, useState, type FormEvent } from "react";
import { useErrorFocus } from "#app/components/ui/form-errors";
import { firstErrorPerField } from "#app/lib/form-errors";

/** The schema for the pressed button's `intent`. */
type SchemaFor = (intent: string) => Schema;

interface Schema {
  safeParse(input: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/**
 * Checks a form in the browser with the schema its action uses, before anything is sent: the
 * errors show under the fields and in the form's error summary, and focus goes to the first wrong
 * one (ui/form-errors, decision 055); so it does when the server's answer (`serverErrors`) names
 * fields. `schemaFor` picks the schema by the pressed button's `intent`. A form that passes is sent
 * and its errors cleared, so what the server then says shows. `attempt` is the summary's key.
 * A field may also refuse by itself with `setCustomValidity` (a picture too small, seen only once
 * it is chosen): its message counts as the field's error.
 */
export function useFormValidation(
  schemaFor: SchemaFor,
  serverErrors: Record<string, string> | undefined,
  /** The server's refusal itself, when it may refuse the form as a whole (its message in the summary, which then takes the focus). */
  serverRefusal?: object,
) {
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    formRef.current = form;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const values = Object.fromEntries([...new FormData(form).entries()].filter(([, value]) => typeof value === "string"));
    const result = schemaFor(submitter?.name === "intent" ? submitter.value : "").safeParse(values);
    const errors = { ...firstErrorPerField(result.error?.issues ?? []), ...ownRefusals(form) };
    if (!Object.keys(errors).length) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(errors);
  }

  const errors = clientErrors ?? serverErrors ?? {};
  const attempt = useErrorFocus(clientErrors ?? serverRefusal ?? serverErrors, errors, formRef);
  return { errors, onSubmit, attempt };
}

/** The messages fields set on themselves with setCustomValidity, by field name. */
function ownRefusals(form: HTMLFormElement): Record<string, string> {
  const refusals: Record<string, string> = {};
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement && element.name && element.validity.customError && !refusals[element.name]) refusals[element.name] = element.validationMessage;
  }
  return refusals;
}

/** Until the rules have arrived, nothing is refused in the browser: the server checks every form. */
const serverChecksAlone: SchemaFor = () => ({ safeParse: () => ({ success: true }) });

/**
 * useFormValidation with the rules fetched when the person reaches the form (a pointer over it, or
 * focus in it), not with the page: a public page's first load then carries no validation library
 * (issue 16). Spread `intentProps` on the form. Should the form be sent before the rules have
 * arrived, it goes as it is and the server, which checks every form anyway, answers with the same
 * messages.
 */
export function useLazyFormValidation(loadSchemaFor: () => Promise<SchemaFor>, serverErrors: Record<string, string> | undefined, serverRefusal?: object) {
  const [schemaFor, setSchemaFor] = useState<SchemaFor | null>(null);
  const loading = useRef(false);
  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    loadSchemaFor().then(
      (loaded) => setSchemaFor(() => loaded),
      // A failed fetch (offline, a new deployment) is tried again at the next visit to the form.
      () => (loading.current = false),
    );
  }, [loadSchemaFor]);
  const validation = useFormValidation(schemaFor ?? serverChecksAlone, serverErrors, serverRefusal);
  return { ...validation, intentProps: { onPointerEnter: load, onFocus: load, onTouchStart: load } };
}

