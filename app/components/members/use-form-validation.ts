import { useState, useSyncExternalStore, type FormEvent } from "react";
import { firstErrorPerField } from "~/lib/form-errors";

interface Schema {
  safeParse(input: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/**
 * Checks a form in the browser with the schema its action uses, before anything is sent: the
 * errors show under the fields and focus goes to the first wrong one. `schemaFor` picks the
 * schema by the pressed button's `intent`. A form that passes is sent and its errors cleared, so
 * what the server then says (`serverErrors`) shows.
 */
export function useFormValidation(schemaFor: (intent: string) => Schema, serverErrors: Record<string, string> | undefined) {
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const values = Object.fromEntries([...new FormData(form).entries()].filter(([, value]) => typeof value === "string"));
    const result = schemaFor(submitter?.name === "intent" ? submitter.value : "").safeParse(values);
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = firstErrorPerField(result.error?.issues ?? []);
    setClientErrors(errors);
    focusFirstError(form, errors);
  }

  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}

/** Moves focus to the first field (in the form's order) that has an error. */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>) {
  const field = [...(form?.elements ?? [])].find(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name in errors,
  );
  field?.focus();
}

/** True once the page runs in the browser: forms then tell their action that JavaScript is on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const noSubscription = () => () => {};
