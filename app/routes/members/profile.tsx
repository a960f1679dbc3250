import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { FormBanner } from "~/components/members/auth-card";
import { getUser, authHeaders, requireMember } from "~/routes/guards.server";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import { authMessages } from "~/modules/members/auth-messages";
import { can, staffHomePath } from "~/modules/access/policy";
import {
  listMemberSessions,
  signOutEverywhere,
  signOutOtherSession,
  type MemberSession,
  type MemberSessionList,
} from "~/modules/members/member-sessions.server";
import {
  BIO_MAX_LENGTH,
  defaultProfile,
  FULL_NAME_MAX_LENGTH,
  meditationDurations,
  meditationTimeLabels,
  meditationTimes,
  profileMessages,
  readProfileForm,
  validateProfile,
  type ProfileField,
  type ProfileFieldErrors,
  type ProfileFormInput,
} from "~/modules/members/profile";
import { getProfile, ProfileSaveError, saveProfile } from "~/modules/members/profile.server";
import { requestSignInLink } from "~/modules/members/request-sign-in-link.server";
import { logFailure } from "~/lib/log.server";
import { DeleteAccountPanel, DownloadDataPanel, EmailPreferencesPanel } from "~/components/members/member-data-panels";
import { deleteMemberAccount } from "~/modules/members/delete-member-account.server";
import { memberDataMessages } from "~/modules/members/member-data";
import { getEmailPreferences, setEmailPreferences } from "~/modules/members/set-email-preferences.server";
import { tooManyAttempts } from "~/modules/security/too-many-attempts";
import { PageFrame } from "~/components/ui/page-hero";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your Profile",
    description: `Your ${siteConfig.brand.name} profile and meditation preferences.`,
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const query = new URL(request.url).searchParams;
  const exportRetry = Number(query.get("exportRetry"));
  const [profile, sessions, emailPreferences] = await Promise.all([
    getProfile(context.db, user)
      .then((values) => ({ values, loadError: null }))
      .catch((error: unknown) => {
        logFailure("profile", "loading a profile", error);
        return { values: defaultProfile(user.name), loadError: profileMessages.loadFailedPrefix + profileMessages.loadFailedReason };
      }),
    listMemberSessions(authHeaders(request, context.clientIp), user.sessionId),
    getEmailPreferences(context.db, user).catch((error: unknown) => {
      logFailure("profile", "loading e-mail preferences", error);
      return null;
    }),
  ]);
  return {
    email: user.email,
    // The server decides: admins see the way to the dashboard (the spec's 'Admin'), event staff to the reservations.
    isAdmin: can(user, "open-dashboard"),
    staffHome: staffHomePath(user),
    profile: profile.values,
    loadError: profile.loadError,
    sessions,
    emailPreferences,
    // The download (profile-data.ts) answers a refusal or a failure by coming back here.
    exportNotice: exportRetry > 0 ? tooManyAttempts(exportRetry) : query.has("exportFailed") ? memberDataMessages.exportFailed : null,
  };
}

type Intent = "save" | "send-link" | "sign-out-session" | "sign-out-everywhere" | "email-preferences" | "delete-account";

export type ProfileActionData =
  | { intent: "save"; ok: true; message: string }
  | { intent: "save"; ok: false; error?: string; fieldErrors?: ProfileFieldErrors; values: ProfileFormInput }
  | { intent: "send-link" | "sign-out-session" | "sign-out-everywhere" | "email-preferences"; ok: boolean; message: string }
  | { intent: "delete-account"; ok: false; message: string; confirmationError?: string; typed?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.intent as Intent;
  const headers = authHeaders(request, context.clientIp);

  if (intent === "save") {
    // Only the profile's own fields are read: the row is always the signed-in member's.
    const values = readProfileForm(form);
    const user = await getUser(request, context);
    if (!user) return data<ProfileActionData>({ intent, ok: false, error: profileMessages.signedOut, values }, 401);
    const checked = validateProfile(values);
    if (!checked.success) return data<ProfileActionData>({ intent, ok: false, fieldErrors: checked.fieldErrors, values }, 400);
    try {
      await saveProfile(context.db, user.id, checked.data);
      return data<ProfileActionData>({ intent, ok: true, message: profileMessages.saved });
    } catch (error) {
      if (error instanceof ProfileSaveError) return data<ProfileActionData>({ intent, ok: false, error: error.message, values }, 409);
      logFailure("profile", "saving a profile", error);
      return data<ProfileActionData>({ intent, ok: false, error: profileMessages.saveFailed, values }, 503);
    }
  }

  const user = await requireMember(request, context);

  if (intent === "send-link") {
    try {
      const client = { key: context.clientKey, headers, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER };
      const sent = await requestSignInLink(context.db, { email: user.email, name: user.name, purpose: "sign-in", next: "/profile", client });
      if (!sent.sent) {
        return data<ProfileActionData>({ intent, ok: false, message: authMessages.profileSignInLinkFailedPrefix + sent.message }, 429);
      }
      return data<ProfileActionData>({ intent, ok: true, message: authMessages.profileSignInLinkSent });
    } catch (error) {
      logFailure("profile", "sending a sign-in link", error);
      const message = authMessages.profileSignInLinkFailedPrefix + profileMessages.sendLinkFailedReason;
      return data<ProfileActionData>({ intent, ok: false, message }, 503);
    }
  }

  if (intent === "sign-out-session") {
    try {
      const result = await signOutOtherSession(headers, form.sessionId ?? "", user.sessionId);
      return result === "revoked"
        ? data<ProfileActionData>({ intent, ok: true, message: profileMessages.sessionRevoked })
        : data<ProfileActionData>({ intent, ok: false, message: profileMessages.sessionNotFound }, 404);
    } catch (error) {
      logFailure("profile", "signing out a session", error);
      return data<ProfileActionData>({ intent, ok: false, message: profileMessages.sessionRevokeFailed }, 503);
    }
  }

  if (intent === "sign-out-everywhere") {
    const cleared = await signOutEverywhere(headers).catch((error: unknown) => {
      logFailure("profile", "signing out everywhere", error);
      return null;
    });
    if (!cleared) return data<ProfileActionData>({ intent, ok: false, message: profileMessages.sessionRevokeFailed }, 503);
    const responseHeaders = new Headers();
    for (const cookie of cleared) responseHeaders.append("Set-Cookie", cookie);
    return redirect("/login?next=%2Fprofile", { headers: responseHeaders });
  }

  if (intent === "email-preferences") {
    try {
      const outcome = await setEmailPreferences(context.db, user, form);
      return data<ProfileActionData>({ intent, ok: outcome.ok, message: outcome.message }, outcome.ok ? 200 : 400);
    } catch (error) {
      logFailure("profile", "saving e-mail preferences", error);
      return data<ProfileActionData>({ intent, ok: false, message: memberDataMessages.preferencesFailed }, 503);
    }
  }

  if (intent === "delete-account") {
    let outcome: Awaited<ReturnType<typeof deleteMemberAccount>>;
    try {
      outcome = await deleteMemberAccount(context.db, user, form);
    } catch (error) {
      logFailure("profile", "deleting an account", error);
      return data<ProfileActionData>({ intent, ok: false, message: memberDataMessages.deleteFailed }, 503);
    }
    if (!outcome.ok) {
      const message = outcome.fieldErrors.confirmation;
      return data<ProfileActionData>({ intent, ok: false, message, confirmationError: message, typed: form.confirmation ?? "" }, 400);
    }
    // The sessions went with the user; this clears the browser's cookie too.
    const signedOut = await context.auth
      .api.signOut({ headers, returnHeaders: true })
      .catch(() => null);
    const responseHeaders = new Headers();
    for (const cookie of signedOut?.headers.getSetCookie() ?? []) responseHeaders.append("Set-Cookie", cookie);
    return redirect("/?account=deleted", { headers: responseHeaders });
  }

  throw data("Unknown form", { status: 400 });
}

const fieldIds: Record<ProfileField, string> = {
  fullName: "profile-full-name",
  bio: "profile-bio",
  preferredMeditationDuration: "profile-duration",
  preferredMeditationTime: "profile-time",
  notificationPreference: "profile-reminders",
};

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? (navigation.formData?.get("intent") as Intent | null) : null;
  const [clientErrors, setClientErrors] = useState<ProfileFieldErrors | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  const saveResult = actionData?.intent === "save" ? actionData : undefined;
  const failedSave = saveResult && !saveResult.ok ? saveResult : undefined;
  const values = failedSave?.values ?? loaderData.profile;
  const fieldErrors = clientErrors ?? failedSave?.fieldErrors ?? {};
  // A mistyped confirmation shows under its field, not in the banner.
  const otherResult = actionData && actionData.intent !== "save" && !("confirmationError" in actionData && actionData.confirmationError) ? actionData : undefined;

  // After a save, the result banner takes the focus so it is read out; after field errors, the first field does.
  useEffect(() => {
    if (!actionData) return;
    const firstInvalid = actionData.intent === "save" && !actionData.ok && actionData.fieldErrors ? Object.keys(actionData.fieldErrors)[0] : undefined;
    if (firstInvalid) document.getElementById(fieldIds[firstInvalid as ProfileField])?.focus();
    else if (actionData.intent === "delete-account" && actionData.confirmationError) document.getElementById("delete-confirmation")?.focus();
    else bannerRef.current?.focus();
  }, [actionData]);

  function validateBeforeSaving(event: FormEvent<HTMLFormElement>) {
    const form = Object.fromEntries(
      [...new FormData(event.currentTarget).entries()].flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])),
    ) as Record<string, string>;
    const checked = validateProfile(readProfileForm(form));
    if (checked.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(checked.fieldErrors);
    const first = Object.keys(checked.fieldErrors)[0] as ProfileField;
    document.getElementById(fieldIds[first])?.focus();
  }

  const errorProps = (field: ProfileField) =>
    fieldErrors[field]
      ? { "aria-invalid": true as const, "aria-describedby": `${fieldIds[field]}-error` }
      : {};

  return (
    <PageFrame className="mx-auto max-w-2xl space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Members</p>
          <h1 className="mt-2 text-4xl text-ivory sm:text-5xl">Your Profile</h1>
        </div>
        {loaderData.staffHome ? (
          <Link to={loaderData.staffHome} className="button-secondary">
            {loaderData.isAdmin ? "Admin" : "Staff"}
          </Link>
        ) : null}
      </header>

      <div ref={bannerRef} tabIndex={-1} className="space-y-3 outline-none">
        {loaderData.loadError ? <FormBanner tone="error">{loaderData.loadError}</FormBanner> : null}
        {saveResult?.ok ? <FormBanner tone="success">{saveResult.message}</FormBanner> : null}
        {failedSave?.error ? <FormBanner tone="error">{failedSave.error}</FormBanner> : null}
        {otherResult ? <FormBanner tone={otherResult.ok ? "success" : "error"}>{otherResult.message}</FormBanner> : null}
        {loaderData.exportNotice ? <FormBanner tone="error">{loaderData.exportNotice}</FormBanner> : null}
      </div>

      <div className="rounded-3xl border border-ember bg-umber/80 p-7 shadow-2xl shadow-black/50 sm:p-9">
        <Form method="post" noValidate onSubmit={validateBeforeSaving} className="space-y-6">
          <input type="hidden" name="intent" value="save" />
          <div>
            <label htmlFor="profile-email" className="block text-sm text-sand">
              Email address
            </label>
            <input
              id="profile-email"
              type="email"
              value={loaderData.email}
              readOnly
              aria-describedby="profile-email-hint"
              className="input-field mt-2 cursor-not-allowed opacity-70"
            />
            <p id="profile-email-hint" className="mt-1.5 text-sm text-mist">
              {profileMessages.emailLocked}
            </p>
          </div>

          <div>
            <label htmlFor={fieldIds.fullName} className="block text-sm text-sand">
              Full name
            </label>
            <input
              id={fieldIds.fullName}
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
            <label htmlFor={fieldIds.bio} className="block text-sm text-sand">
              Bio
            </label>
            <textarea
              id={fieldIds.bio}
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
              <label htmlFor={fieldIds.preferredMeditationDuration} className="block text-sm text-sand">
                Preferred meditation duration
              </label>
              <select
                id={fieldIds.preferredMeditationDuration}
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
              <label htmlFor={fieldIds.preferredMeditationTime} className="block text-sm text-sand">
                Preferred time of day
              </label>
              <select
                id={fieldIds.preferredMeditationTime}
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

          <label htmlFor={fieldIds.notificationPreference} className="flex items-start gap-3 text-sand">
            <input
              id={fieldIds.notificationPreference}
              name="notificationPreference"
              type="checkbox"
              defaultChecked={values.notificationPreference}
              className="mt-1 size-4 accent-amber"
            />
            <span>Send me meditation reminders</span>
          </label>

          <button type="submit" className="button-primary w-full sm:w-auto" disabled={pending === "save"}>
            {pending === "save" ? "Saving..." : "Save"}
          </button>
        </Form>
      </div>

      <div className="rounded-3xl border border-ember bg-umber/80 p-7 sm:p-9">
        <h2 className="text-2xl text-ivory">Sign in on another device</h2>
        <p className="mt-2 text-sand">We e-mail a sign-in link to {loaderData.email}; open it on the device you want to use.</p>
        <Form method="post" className="mt-5">
          <input type="hidden" name="intent" value="send-link" />
          <button type="submit" className="button-secondary" disabled={pending === "send-link"}>
            {pending === "send-link" ? "Sending..." : "Send Sign-in Link"}
          </button>
        </Form>
      </div>

      <ActiveSessions sessions={loaderData.sessions} pending={pending} />

      <EmailPreferencesPanel preferences={loaderData.emailPreferences} pending={pending === "email-preferences"} />
      <DownloadDataPanel />
      <DeleteAccountPanel
        pending={pending === "delete-account"}
        error={actionData?.intent === "delete-account" ? actionData.confirmationError : undefined}
        typed={actionData?.intent === "delete-account" ? actionData.typed : undefined}
      />
    </PageFrame>
  );
}

function FieldError(props: { field: ProfileField; errors: ProfileFieldErrors }) {
  const message = props.errors[props.field];
  if (!message) return null;
  return (
    <p id={`${fieldIds[props.field]}-error`} className="mt-1.5 text-sm text-danger">
      {message}
    </p>
  );
}

function ActiveSessions(props: { sessions: MemberSessionList; pending: Intent | null }) {
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

function SessionRow(props: { session: MemberSession; pending: Intent | null }) {
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
