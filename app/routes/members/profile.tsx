import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { FormBanner } from "#app/components/members/auth-card";
import { ActiveSessions, ProfileForm, type ProfileIntent } from "#app/components/members/profile-form";
import { revealAndFocus } from "#app/components/ui/form-errors";
import { DeleteAccountPanel, DownloadDataPanel, EmailPreferencesPanel, TextsPanel } from "#app/components/members/member-data-panels";
import { PageFrame } from "#app/components/ui/page-hero";
import { authHeaders, requireMember } from "#app/routes/guards.server";
import { logFailure } from "#app/lib/log.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { can, staffHomePath } from "#app/modules/access";
import { listMemberSessions } from "#app/modules/members/index.server";
import { memberDataMessages } from "#app/modules/members";
import { defaultProfile, profileMessages, readProfileForm, validateProfile, type ProfileFieldErrors } from "#app/modules/members";
import { getProfile } from "#app/modules/members/index.server";
import { getEmailPreferences } from "#app/modules/community/index.server";
import { tooManyAttempts } from "#app/modules/security";
import { memberMailStatus } from "#app/modules/deliverability/index.server";
import { getMemberTextConsent } from "#app/modules/sms/index.server";
import { profileAction } from "./profile-intents.server";

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
  const [profile, sessions, emailPreferences, mailStatus, textConsent] = await Promise.all([
    getProfile(context.db, user)
      .then((values) => ({ values, loadError: null }))
      .catch((error: unknown) => {
        logFailure("profile", "loading a profile", error);
        return { values: defaultProfile(user.name), loadError: profileMessages.loadFailedPrefix + profileMessages.loadFailedReason };
      }),
    listMemberSessions(context.auth, authHeaders(request, context.clientIp), user.sessionId),
    getEmailPreferences(context.db, user).catch((error: unknown) => {
      logFailure("profile", "loading e-mail preferences", error);
      return null;
    }),
    memberMailStatus(context.db, user).catch((error: unknown) => {
      logFailure("profile", "reading whether mail bounced", error);
      return null;
    }),
    getMemberTextConsent(context.db, user, { allowedCountries: context.env.SMS_ALLOWED_COUNTRIES }).catch((error: unknown) => {
      logFailure("profile", "loading text preferences", error);
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
    textConsent,
    mailBounced: mailStatus ? { reasonWords: mailStatus.reasonWords, detail: mailStatus.detail } : null,
    // The download (profile-data.ts) answers a refusal or a failure by coming back here.
    exportNotice: exportRetry > 0 ? tooManyAttempts(exportRetry) : query.has("exportFailed") ? memberDataMessages.exportFailed : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? (navigation.formData?.get("intent") as ProfileIntent | null) : null;
  const [clientErrors, setClientErrors] = useState<ProfileFieldErrors | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  const saveResult = actionData?.intent === "save" ? actionData : undefined;
  const failedSave = saveResult && !saveResult.ok ? saveResult : undefined;
  const values = failedSave?.values ?? loaderData.profile;
  const fieldErrors = clientErrors ?? failedSave?.fieldErrors ?? {};
  // A mistyped confirmation shows under its field, not in the banner.
  const textsResult = actionData?.intent === "texts" ? actionData : undefined;
  const underItsField = (actionData && "confirmationError" in actionData && actionData.confirmationError) || textsResult?.fieldErrors;
  const otherResult = actionData && actionData.intent !== "save" && !underItsField ? actionData : undefined;

  // After a save, the result banner takes the focus so it is read out; after field errors, the first
  // field does (ProfileForm, the delete panel: decision 055).
  useEffect(() => {
    if (!actionData) return;
    if (actionData.intent === "save" && !actionData.ok && actionData.fieldErrors) return;
    const confirmation = document.getElementById("delete-confirmation");
    const textsPhone = document.getElementById("texts-phone");
    if (actionData.intent === "delete-account" && actionData.confirmationError && confirmation) revealAndFocus(confirmation);
    else if (actionData.intent === "texts" && actionData.fieldErrors && textsPhone) revealAndFocus(textsPhone);
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
  }

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

      {loaderData.mailBounced ? (
        <div className="rounded-3xl border border-rose-300/50 bg-umber/80 p-7" data-testid="mail-bounced">
          <h2 className="text-2xl text-ivory">Our e-mails to you bounced</h2>
          <p className="mt-2 text-sand">
            Mail to {loaderData.email} could not be delivered ({loaderData.mailBounced.reasonWords}), so we stopped sending you news and invitations.
            {loaderData.mailBounced.detail ? ` Your mail server said: “${loaderData.mailBounced.detail}”` : ""}
          </p>
          <p className="mt-2 text-sand">Once your mailbox works again (or the address is fixed), ask us to try again.</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="retry-mail" />
            <button type="submit" className="button-secondary" disabled={pending === "retry-mail"}>
              Try my address again
            </button>
          </Form>
        </div>
      ) : null}

      <ProfileForm
        email={loaderData.email}
        values={values}
        fieldErrors={fieldErrors}
        refusal={clientErrors ?? (failedSave?.fieldErrors ? failedSave : undefined)}
        saving={pending === "save"}
        onSubmit={validateBeforeSaving}
      />

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
      <TextsPanel
        consent={loaderData.textConsent}
        pending={pending === "texts"}
        error={textsResult?.fieldErrors?.phone}
        typed={textsResult && !textsResult.ok ? textsResult.typed : undefined}
      />
      <DownloadDataPanel />
      <DeleteAccountPanel
        pending={pending === "delete-account"}
        error={actionData?.intent === "delete-account" ? actionData.confirmationError : undefined}
        typed={actionData?.intent === "delete-account" ? actionData.typed : undefined}
      />
    </PageFrame>
  );
}
