import { useEffect, useMemo, useRef, useState } from "react";
import { FilterSelect } from "#app/components/admin/filter-select";
import { Form, useNavigation } from "react-router";
import { SendReviewPanel } from "#app/components/admin/send-review";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { suggestedCampaigns } from "#app/modules/campaigns";
import { interestLabel } from "#app/modules/community";
import { useHydrated } from "#app/lib/use-hydrated";
import type { ComposerActionData } from "./composer-types";
import { siteConfig } from "#app/lib/site-config";
import { formatEventDate } from "#app/lib/event-dates";

/** The composer's own buttons (the page's other forms answer in their own places). */
const composerIntents = new Set(["preview", "send-preview", "send", "send-all", "change"]);

interface Person {
  email: string;
  name: string;
  interest: string;
  joinedAt: string;
  unsubscribed: boolean;
}

/**
 * The campaign composer: recipients from the community list (filter by interest, search, tick
 * each or every one shown), campaign name, subject and a Markdown message with {{link}} and
 * {{name}}; preview for one recipient, a preview to oneself, send. Send shows the review first
 * (how many, who is left out, one recipient's copy; with nobody ticked, the whole list, asked as
 * the spec asks); only its 'Send to N people' sends (docs/decisions/042). A real form: without
 * JavaScript every button posts its intent and the server answers with the same checks. Field
 * errors show in the form's summary, with focus on the first (decision 055).
 */
export function CampaignComposer(props: {
  community: { people: Person[]; total: number; interests: string[] };
  filter: { search: string; interest: string };
  me: string;
  actionData: ComposerActionData | undefined;
}) {
  const { community, filter } = props;
  // The page's other forms (a text, a group text) answer through the same action: their answers, a
  // group text's review among them, are theirs to show, never this composer's.
  const actionData = props.actionData && composerIntents.has(props.actionData.intent ?? "") ? props.actionData : undefined;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const sent = actionData?.ok && (actionData.intent === "send" || actionData.intent === "send-all");
  const values = sent ? {} : (actionData?.values ?? {});
  const errors = failed?.fieldErrors ?? {};
  const ticked = new Set(sent ? [] : (actionData?.recipients ?? []));
  const [selected, setSelected] = useState(ticked);
  const review = failed?.review;
  const recipientsRef = useRef<HTMLFieldSetElement>(null);
  const allShownRef = useRef<HTMLInputElement>(null);
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const selectable = useMemo(() => community.people.filter((person) => !person.unsubscribed).map((person) => person.email), [community.people]);
  const allShownSelected = selectable.length > 0 && selectable.every((email) => selected.has(email));
  const composeForm = useRef<HTMLFormElement>(null);
  const attempt = useErrorFocus(failed?.fieldErrors ? failed : undefined, errors, composeForm);
  const composeAction = useErrorSummaryAction("campaign-errors");

  // The boxes are the form's own (uncontrolled): a tick made before hydration is a tick the count
  // and Send see, and the one form the server reads without JavaScript.
  const recipientBoxes = () => [...(recipientsRef.current?.querySelectorAll<HTMLInputElement>('input[name="recipients"]') ?? [])];
  const readTicks = () => setSelected(new Set(recipientBoxes().filter((box) => box.checked).map((box) => box.value)));

  function tickAllShown(on: boolean) {
    for (const box of recipientBoxes()) if (!box.disabled) box.checked = on;
    readTicks();
  }

  useEffect(() => {
    if (allShownRef.current?.checked) tickAllShown(true);
    else readTicks();
    // Once, as the page hydrates: what the person ticked by then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (allShownRef.current) allShownRef.current.checked = allShownSelected;
  }, [allShownSelected]);

  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`campaign-${name}-error`} className="mt-1 text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;
  const describedBy = (name: string) => (errors[name] ? `campaign-${name}-error` : undefined);

  return (
    <div className="mt-6 space-y-6">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the community list">
        <div>
          <label htmlFor="recipient-search" className="block text-sm text-sand">
            Search
          </label>
          <input id="recipient-search" name="q" type="search" defaultValue={filter.search} placeholder="Name or e-mail" className="input-field mt-1.5" />
        </div>
        <FilterSelect
          id="recipient-interest"
          name="interest"
          label="Interest"
          anyLabel="Every interest"
          defaultValue={filter.interest}
          options={community.interests.map((interest) => [interest, interestLabel(interest)] as const)}
        />
        <button type="submit" className="button-secondary">
          Filter
        </button>
      </Form>

      {review ? (
        <SendReviewPanel
          review={review}
          Form={Form}
          intent={actionData?.intent === "send-all" ? "send-all" : "send"}
          changeIntent="change"
          hidden={[
            ["campaign", values.campaign ?? ""],
            ["subject", values.subject ?? ""],
            ["message", values.message ?? ""],
            ["previewAs", values.previewAs ?? ""],
            ["grantsMusicAccess", values.grantsMusicAccess ?? ""],
            ...[...ticked].map((email): [string, string] => ["recipients", email]),
          ]}
          headingLevel={2}
          idPrefix="campaign"
          busy={busy}
        />
      ) : (
        <Form ref={composeForm} method="post" action={composeAction} className="space-y-6" aria-label="Compose a campaign" noValidate>
          <ErrorSummary key={attempt} id="campaign-errors" errors={errors} fieldId={(field) => `campaign-${field}`} />
          {/* min-w-0: a fieldset is as wide as its content by default; the table scrolls inside it on a phone.
              Focusable (-1): the error summary's link to the recipients lands on it. */}
          <fieldset
            ref={recipientsRef}
            id="campaign-recipients"
            tabIndex={-1}
            onChange={readTicks}
            className="min-w-0"
            aria-describedby={describedBy("recipients")}
          >
            <legend className="text-xl text-ivory">Recipients</legend>
            <p className="mt-1 text-sm text-sand">
              {selected.size} selected · {community.people.length} shown of {community.total} in the community list. With nobody selected, Send
              offers to send to the whole community. Send shows who gets what before anything is sent.
            </p>
            {fieldError("recipients")}
            <div className="mt-3 max-h-96 overflow-auto rounded-2xl border border-sand/15">
              {/* Below 640 px each person is a card (the box, then name, address, interest and date), so an address is never squeezed into a one-letter column. */}
              <table className="w-full text-left text-sm max-sm:block">
                <thead className="sticky top-0 bg-umber text-sand max-sm:block">
                  <tr className="max-sm:block">
                    <th scope="col" className="p-2 max-sm:block">
                      <label className="inline-flex items-center gap-2">
                        <input ref={allShownRef} type="checkbox" defaultChecked={allShownSelected} onChange={(event) => tickAllShown(event.target.checked)} />
                        <span>All shown</span>
                      </label>
                    </th>
                    <th scope="col" className="p-2 max-sm:sr-only">
                      Name
                    </th>
                    <th scope="col" className="p-2 max-sm:sr-only">
                      E-mail
                    </th>
                    <th scope="col" className="p-2 max-sm:sr-only">
                      Interest
                    </th>
                    <th scope="col" className="p-2 max-sm:sr-only">
                      Joined
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand/10 text-ivory max-sm:block">
                  {community.people.map((person) => (
                    <tr key={person.email} className="max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)] max-sm:gap-x-3 max-sm:px-2 max-sm:py-2">
                      <td className="p-2 max-sm:row-span-4 max-sm:p-1">
                        <input
                          type="checkbox"
                          name="recipients"
                          value={person.email}
                          aria-label={`Select ${person.name} (${person.email})`}
                          defaultChecked={ticked.has(person.email)}
                          disabled={person.unsubscribed}
                        />
                      </td>
                      <td className="p-2 max-sm:col-start-2 max-sm:p-0 max-sm:font-semibold">{person.name}</td>
                      <td className="p-2 break-all max-sm:col-start-2 max-sm:p-0">
                        {person.email}
                        {person.unsubscribed ? <span className="ml-2 text-xs text-mist">(unsubscribed)</span> : null}
                      </td>
                      <td data-label="Interest" className="p-2 max-sm:col-start-2 max-sm:p-0 max-sm:text-sand max-sm:before:mr-2 max-sm:before:text-mist max-sm:before:content-[attr(data-label)]">{interestLabel(person.interest)}</td>
                      <td data-label="Joined" className="p-2 whitespace-nowrap max-sm:col-start-2 max-sm:p-0 max-sm:text-sand max-sm:before:mr-2 max-sm:before:text-mist max-sm:before:content-[attr(data-label)]">{formatEventDate(new Date(person.joinedAt), siteConfig.venue.timeZone)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {community.people.length === 0 ? <p className="p-4 text-sand">Nobody matches this filter.</p> : null}
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="campaign-campaign" className="block text-sm text-sand">
                Campaign name (carried by the links)
              </label>
              <input
                id="campaign-campaign"
                name="campaign"
                list="campaign-names"
                defaultValue={values.campaign ?? ""}
                placeholder="e.g. spring_concert"
                aria-invalid={errors.campaign ? true : undefined}
                aria-describedby={[describedBy("campaign"), "campaign-campaign-hint"].filter(Boolean).join(" ")}
                className="input-field mt-1.5 w-full"
              />
              <p id="campaign-campaign-hint" className="mt-1 text-xs text-mist">
                Left empty, it is made from the subject (&lsquo;The recording is ready&rsquo; → the_recording_is_ready).
              </p>
              <datalist id="campaign-names">
                {suggestedCampaigns.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              {fieldError("campaign")}
            </div>
            <div>
              <label htmlFor="campaign-subject" className="block text-sm text-sand">
                Subject
              </label>
              <input
                id="campaign-subject"
                name="subject"
                defaultValue={values.subject ?? ""}
                aria-invalid={errors.subject ? true : undefined}
                aria-describedby={describedBy("subject")}
                className="input-field mt-1.5 w-full"
              />
              {fieldError("subject")}
            </div>
          </div>
          <div>
            <label htmlFor="campaign-message" className="block text-sm text-sand">
              Message (Markdown; {"{{link}}"} is the person&apos;s sign-in link, {"{{name}}"} their first name or &lsquo;friend&rsquo;)
            </label>
            <textarea
              id="campaign-message"
              name="message"
              rows={10}
              defaultValue={values.message ?? ""}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy("message")}
              className="input-field mt-1.5 w-full font-mono text-sm"
              placeholder={"Dear {{name}},\n\nThe recording of Sunday's concert is ready for you: [listen here]({{link}})."}
            />
            {fieldError("message")}
          </div>
          <div className="flex items-start gap-2">
            <input
              id="campaign-grants-music-access"
              name="grantsMusicAccess"
              type="checkbox"
              defaultChecked={values.grantsMusicAccess === "on"}
              aria-describedby="campaign-grants-music-access-hint"
              className="mt-1"
            />
            <div>
              <label htmlFor="campaign-grants-music-access" className="text-ivory">
                Give the recipients the full unreleased playlist when they open their link
              </label>
              <p id="campaign-grants-music-access-hint" className="text-sm text-mist">
                For a message that promises the music (&lsquo;we saved it for a few friends first&rsquo;). Without it they land on the music page with
                the public track and &lsquo;ask for full access&rsquo;.
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="campaign-preview-as" className="block text-sm text-sand">
                Preview as
              </label>
              <select id="campaign-preview-as" name="previewAs" defaultValue={values.previewAs ?? ""} className="input-field mt-1.5">
                <option value="">A recipient without a name (friend)</option>
                {community.people.map((person) => (
                  <option key={person.email} value={person.email}>
                    {person.name} ({person.email})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" name="intent" value="preview" className="button-secondary" disabled={busy}>
              Preview
            </button>
            <button type="submit" name="intent" value="send-preview" className="button-secondary" disabled={busy}>
              Send me a preview
            </button>
            <button type="submit" name="intent" value="send" className="button-primary" disabled={busy}>
              {busy ? "Working..." : "Send"}
            </button>
          </div>
          <p className="text-sm text-mist">&lsquo;Send me a preview&rsquo; goes to {props.me} only and is not counted as a send to the list.</p>
          {/* With JavaScript the answer is a toast; without, the page says it here. */}
          {!hydrated && actionData?.message && !actionData.previewHtml ? (
            <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "text-amber" : "text-danger"}>
              {actionData.message}
            </p>
          ) : null}
        </Form>
      )}

      {actionData?.ok && actionData.previewHtml ? (
        <section aria-labelledby="campaign-preview-title">
          <h2 id="campaign-preview-title" className="text-xl text-ivory">
            Preview for {actionData.previewFor}
          </h2>
          {actionData.previewLanding ? (
            <p className="mt-2 text-sand" data-testid="campaign-preview-landing">
              {actionData.previewLanding}
            </p>
          ) : null}
          <iframe title="Campaign preview" sandbox="" srcDoc={actionData.previewHtml} className="mt-3 h-[36rem] w-full rounded-2xl border border-sand/15 bg-white" />
        </section>
      ) : null}
    </div>
  );
}
