import { SubscriptionForm } from "#app/components/subscription-form";
import type { WaitlistSource } from "#app/modules/community";

/** 'Notify Me' form of the launch waitlist; `source` and `plan` say where the sign-up came from. */
export function WaitlistForm(props: {
  id: string;
  source: WaitlistSource;
  plan?: string;
  defaultEmail?: string;
  label?: string;
  /** The refusal of a post made without JavaScript, shown until the next try. */
  noScriptError?: string;
}) {
  return (
    <SubscriptionForm
      id={props.id}
      action="/waitlist"
      label={props.label ?? "Email address"}
      submitLabel="Notify Me"
      rowClassName="flex flex-col gap-3 sm:flex-row"
      describedBy="field"
      disableWhileSending
      defaultEmail={props.defaultEmail}
      noScriptError={props.noScriptError}
    >
      <input type="hidden" name="source" value={props.source} />
      {props.plan ? <input type="hidden" name="plan" value={props.plan} /> : null}
    </SubscriptionForm>
  );
}
