import { useFieldValue } from "#app/lib/use-field-value";
import { countSmsSegments } from "#app/modules/sms";
import { SMS_MAX_CHARACTERS } from "#app/modules/sms";
import { smsCampaignLabels, smsCampaigns } from "#app/modules/sms";

/** The kind of text (general, event reminder, custom) of an SMS form, single or group. */
export function SmsKindSelect(props: { id: string; defaultValue?: string }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm text-sand">
        Kind of text
      </label>
      <select id={props.id} name="campaign" defaultValue={props.defaultValue ?? "general"} className="input-field mt-1.5">
        {smsCampaigns.map((campaign) => (
          <option key={campaign} value={campaign}>
            {smsCampaignLabels[campaign]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The text of an SMS form (single or group), with a live count of characters and segments
 * (GSM-7 160/153, UCS-2 70/67) against the 1600 limit, and its error under the field.
 */
export function SmsTextField(props: { id: string; defaultValue?: string; error?: string }) {
  const text = useFieldValue<HTMLTextAreaElement>(props.defaultValue ?? "");
  const message = text.value;
  const count = countSmsSegments(message);
  const countId = `${props.id}-count`;
  const errorId = `${props.id}-error`;
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm text-sand">
        Text
      </label>
      <textarea
        id={props.id}
        name="message"
        rows={5}
        maxLength={SMS_MAX_CHARACTERS}
        {...text.field}
        className="input-field mt-1.5"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${countId}${props.error ? ` ${errorId}` : ""}`}
      />
      <p id={countId} className="mt-1.5 text-sm text-mist" aria-live="polite">
        {message.length} / {SMS_MAX_CHARACTERS} characters · {count.segments} {count.segments === 1 ? "segment" : "segments"} ({count.encoding})
        {" · "}
        {"{name}"} becomes the first name, or ‘friend’.
      </p>
      {props.error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
