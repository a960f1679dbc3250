// The profile page's parts: the profile form, the active sessions and the intents their buttons send.
import { useRef, type FormEvent } from "react";
import { Form } from "react-router";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import {
  BIO_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  meditationDurations,
  meditationTimeLabels,
  meditationTimes,
  profileMessages,
  type ProfileField,
  type ProfileFieldErrors,
  type ProfileFormInput,
} from "#app/modules/members";
import type { MemberSession, MemberSessionList } from "#app/modules/members/index.server";

/** What the profile page's forms ask for: the `intent` field of each. */
export type ProfileIntent = "save" | "send-link" | "sign-out-session" | "sign-out-everywhere" | "email-preferences" | "texts" | "delete-account" | "retry-mail";

export const profileFieldIds: Record<ProfileField, string> = {
  fullName: "profile-full-name",
  bio: "profile-bio",
  preferredMeditationDuration: "profile-duration",
  preferredMeditationTime: "profile-time",
  notificationPreference: "profile-reminders",
};

/**
 * The member's own profile fields; the e-mail address is shown but not editable. Errors show in the
 * form's summary, with focus on the first field in error after each new refusal (`refusal`: the
 * browser's check or the server's answer; decision 055).
 */
export function ProfileForm(props: {
  email: string;
  values: ProfileFormInput;
  fieldErrors: ProfileFieldErrors;
  refusal?: object;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { values, fieldErrors } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const attempt = useErrorFocus(props.refusal, fieldErrors, formRef);
  const action = useErrorSummaryAction("profile-errors");
  const errorProps = (field: ProfileField) =>
    fieldErrors[field]
      ? { "aria-invalid": true as const, "aria-describedby": `${profileFieldIds[field]}-error` }
      : {};

  return (
    <div className="rounded-3xl border border-ember bg-umber/80 p-7 shadow-2xl shadow-black/50 sm:p-9">
      <Form ref={formRef} method="post" action={action} noValidate onSubmit={props.onSubmit} className="space-y-6">
        <ErrorSummary key={attempt} id="profile-errors" errors={fieldErrors} fieldId={(field) => profileFieldIds[field]} />
        <input type="hidden" name="intent" value="save" />
        <div>
          <label htmlFor="profile-email" className="block text-sm text-sand">
            Email address
          </label>
          <input
            id="profile-email"
            type="email"
            value={props.email}
            readOnly
            aria-describedby="profile-email-hint"
            className="input-field mt-2 cursor-not-allowed opacity-70"
          />
          <p id="profile-email-hint" className="mt-1.5 text-sm text-mist">
            {profileMessages.emailLocked}
          </p>
        </div>

        <div>
          <label htmlFor={profileFieldIds.fullName} className="block text-sm text-sand">
            Full name
          </label>
          <input
            id={profileFieldIds.fullName}
            name="fullName"
            type="text"
            autoComplete="name"
            maxLength={FULL_NAME_MAX_LENGTH}
            defaultValue={values.fullName}
            className="input-field mt-2"
            {...errorProps("fullName")}
          />
          <FieldError field="fullName" errors={fieldErrors} />
        </div>

        <div>
          <label htmlFor={profileFieldIds.bio} className="block text-sm text-sand">
            Bio
          </label>
          <textarea
            id={profileFieldIds.bio}
            name="bio"
            rows={4}
            maxLength={BIO_MAX_LENGTH}
            defaultValue={values.bio}
            placeholder="A few words about you and your practice"
            className="input-field mt-2"
            {...errorProps("bio")}
          />
          <FieldError field="bio" errors={fieldErrors} />
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <label htmlFor={profileFieldIds.preferredMeditationDuration} className="block text-sm text-sand">
              Preferred meditation duration
            </label>
            <select
              id={profileFieldIds.preferredMeditationDuration}
              name="preferredMeditationDuration"
              defaultValue={values.preferredMeditationDuration}
              className="input-field mt-2"
              {...errorProps("preferredMeditationDuration")}
            >
              {meditationDurations.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {`${minutes} minutes`}
                </option>
              ))}
            </select>
            <FieldError field="preferredMeditationDuration" errors={fieldErrors} />
          </div>
          <div>
            <label htmlFor={profileFieldIds.preferredMeditationTime} className="block text-sm text-sand">
              Preferred time of day
            </label>
            <select
              id={profileFieldIds.preferredMeditationTime}
              name="preferredMeditationTime"
              defaultValue={values.preferredMeditationTime}
              className="input-field mt-2"
              {...errorProps("preferredMeditationTime")}
            >
              {meditationTimes.map((time) => (
                <option key={time} value={time}>
                  {meditationTimeLabels[time]}
                </option>
              ))}
            </select>
            <FieldError field="preferredMeditationTime" errors={fieldErrors} />
          </div>
        </div>

        <label htmlFor={profileFieldIds.notificationPreference} className="flex items-start gap-3 text-sand">
          <input
            id={profileFieldIds.notificationPreference}
            name="notificationPreference"
            type="checkbox"
            defaultChecked={values.notificationPreference}
            className="mt-1 size-4 accent-amber"
          />
          <span>Send me meditation reminders</span>
        </label>

        <button type="submit" className="button-primary w-full sm:w-auto" disabled={props.saving}>
          {props.saving ? "Saving..." : "Save"}
        </button>
      </Form>
    </div>
  );
}
function FieldError(props: { field: ProfileField; errors: ProfileFieldErrors }) {
  const message = props.errors[props.field];
  if (!message) return null;
  return (
    <p id={`${profileFieldIds[props.field]}-error`} className="mt-1.5 text-sm text-danger">
      {message}
    </p>
  );
}

export function ActiveSessions(props: { sessions: MemberSessionList; pending: ProfileIntent | null }) {
  return (
    <div className="rounded-3xl border border-ember bg-umber/80 p-7 sm:p-9">
      <h2 className="text-2xl text-ivory">Active sessions</h2>
      <p className="mt-2 text-sand">The devices where you are signed in.</p>
      {props.sessions.state === "needs-fresh-sign-in" ? (
        <p className="mt-5 text-sm text-mist">{profileMessages.sessionsNeedFreshSignIn}</p>
      ) : null}
      {props.sessions.state === "failed" ? <p className="mt-5 text-sm text-danger">{profileMessages.sessionsFailed}</p> : null}
      {props.sessions.state === "ok" ? (
        <ul className="mt-5 divide-y divide-sand/15" aria-label="Active sessions">
          {props.sessions.sessions.map((session) => (
            <SessionRow key={session.id} session={session} pending={props.pending} />
          ))}
        </ul>
      ) : null}
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" className="button-secondary" disabled={props.pending === "sign-out-everywhere"}>
          {props.pending === "sign-out-everywhere" ? "Signing out..." : "Sign out of all devices"}
        </button>
      </Form>
    </div>
  );
}

function SessionRow(props: { session: MemberSession; pending: ProfileIntent | null }) {
  const { session } = props;
  return (
    <li className="flex flex-wrap items-center justify-between gap-4 py-4">
      <div>
        <p className="text-ivory">
          {session.device}
          {session.current ? (
            <span className="ml-2 rounded-full border border-amber/50 px-2 py-0.5 text-xs text-amber">This device</span>
          ) : null}
        </p>
        <p className="mt-1 text-sm text-mist">
          {session.ipAddress ? `${session.ipAddress} · ` : ""}Signed in {session.signedInAt} · Last active {session.lastActiveAt}
        </p>
      </div>
      {session.current ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-session" />
          <input type="hidden" name="sessionId" value={session.id} />
          <button type="submit" className="text-sm font-semibold text-amber underline-offset-4 hover:underline" disabled={props.pending === "sign-out-session"}>
            Sign out<span className="sr-only"> {session.device}</span>
          </button>
        </Form>
      )}
    </li>
  );
}
