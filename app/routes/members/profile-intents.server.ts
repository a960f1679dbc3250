import { data, redirect, type AppLoadContext } from "react-router";
import type { ProfileIntent } from "#app/components/members/profile-form";
import { readForm } from "#app/lib/form-data.server";
import { logFailure } from "#app/lib/log.server";
import { authMessages } from "#app/modules/members";
import { deleteMemberAccount } from "#app/modules/members/index.server";
import { memberDataMessages } from "#app/modules/members";
import { signOutEverywhere, signOutOtherSession } from "#app/modules/members/index.server";
import { profileMessages, readProfileForm, validateProfile, type ProfileFieldErrors, type ProfileFormInput } from "#app/modules/members";
import { ProfileSaveError, saveProfile } from "#app/modules/members/index.server";
import { requestSignInLink } from "#app/modules/members/index.server";
import { setEmailPreferences } from "#app/modules/community/index.server";
import { retryMemberAddress } from "#app/modules/deliverability/index.server";
import { setMemberTextConsent } from "#app/modules/sms/index.server";
import { memberTextMessages } from "#app/modules/sms";
import { authHeaders, getUser, requireMember } from "#app/routes/guards.server";
import { orElse } from "#app/lib/or-else";

export type ProfileActionData =
  | { intent: "save"; ok: true; message: string }
  | { intent: "save"; ok: false; error?: string; fieldErrors?: ProfileFieldErrors; values: ProfileFormInput }
  | { intent: "send-link" | "sign-out-session" | "sign-out-everywhere" | "email-preferences" | "retry-mail"; ok: boolean; message: string }
  | { intent: "texts"; ok: boolean; message: string; fieldErrors?: { phone: string }; typed?: { phone: string; texts: boolean } }
  | { intent: "delete-account"; ok: false; message: string; confirmationError?: string; typed?: string };

/** The profile page's forms, each told apart by its `intent`: the member's own data only. */
export async function profileAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const intent = form.intent as ProfileIntent;
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
      const client = { key: context.clientKey, headers, auth: context.auth, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER };
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
      const result = await signOutOtherSession(context.auth, headers, form.sessionId ?? "", user.sessionId);
      return result === "revoked"
        ? data<ProfileActionData>({ intent, ok: true, message: profileMessages.sessionRevoked })
        : data<ProfileActionData>({ intent, ok: false, message: profileMessages.sessionNotFound }, 404);
    } catch (error) {
      logFailure("profile", "signing out a session", error);
      return data<ProfileActionData>({ intent, ok: false, message: profileMessages.sessionRevokeFailed }, 503);
    }
  }

  if (intent === "sign-out-everywhere") {
    const cleared = await signOutEverywhere(context.auth, headers).catch((error: unknown) => {
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

  if (intent === "texts") {
    const typed = { phone: form.phone ?? "", texts: form.texts === "on" };
    try {
      const outcome = await setMemberTextConsent(context.db, user, { phone: form.phone, texts: form.texts }, { allowedCountries: context.env.SMS_ALLOWED_COUNTRIES });
      if (!outcome.ok) return data<ProfileActionData>({ intent, ok: false, message: outcome.message, fieldErrors: outcome.fieldErrors, typed }, 400);
      return data<ProfileActionData>({ intent, ok: true, message: outcome.message });
    } catch (error) {
      logFailure("profile", "saving text preferences", error);
      return data<ProfileActionData>({ intent, ok: false, message: memberTextMessages.failed, typed }, 503);
    }
  }

  if (intent === "retry-mail") {
    try {
      const outcome = await retryMemberAddress(context.db, user);
      return data<ProfileActionData>({ intent, ok: outcome.ok, message: outcome.message });
    } catch (error) {
      logFailure("profile", "asking to try a bounced address again", error);
      return data<ProfileActionData>({ intent, ok: false, message: profileMessages.saveFailed }, 503);
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
      .catch(orElse(null, "the sessions went with the user already; only the browser's cookie is left to clear, below"));
    const responseHeaders = new Headers();
    for (const cookie of signedOut?.headers.getSetCookie() ?? []) responseHeaders.append("Set-Cookie", cookie);
    return redirect("/?account=deleted", { headers: responseHeaders });
  }

  throw data("Unknown form", { status: 400 });
}
