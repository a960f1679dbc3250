import { data } from "react-router";
import { SmsForm, type SmsOutcome } from "#app/components/admin/sms/sms-form";
import { sendSmsFromForm } from "./sms-action.server";
import type { Route } from "./+types/communications";
import { CampaignComposer } from "#app/components/admin/campaigns/campaign-composer";
import { CampaignList } from "#app/components/admin/campaigns/campaign-list";
import { AttendeeImport } from "#app/components/admin/campaigns/attendee-import";
import { useOutcomeToast } from "#app/components/admin/staff-outcome";
import { pageMeta } from "#app/lib/seo";
import { campaignMessages } from "#app/modules/campaigns";
import { campaignNameFromSubject } from "#app/modules/campaigns";
import { readCommunicationsPage } from "#app/modules/campaigns/index.server";
import { createTextCampaign } from "#app/modules/campaigns/index.server";
import { refusalStatus } from "#app/lib/outcome";
import { formatVenueTime } from "#app/modules/sms";
import { smsMessages } from "#app/modules/sms";
import { siteConfig } from "#app/lib/site-config";
import { newSubmissionKey } from "#app/modules/reservations";
import { SmsGroupForm } from "#app/components/admin/sms/sms-group-form";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { renderCampaignPreview, sendCampaignPreview } from "#app/modules/campaigns/index.server";
import { communityNameOf } from "#app/modules/campaigns/index.server";
import { cancelCampaign, pauseCampaign, resumeCampaign, retryFailedRecipients } from "#app/modules/campaigns/index.server";
import { createReviewedCampaign } from "#app/modules/campaigns/index.server";
import { reviewSecret } from "#app/modules/campaigns/index.server";
import { requireStaffPage, searchParam } from "#app/routes/guards.server";
import type { ComposerActionData } from "#app/components/admin/campaigns/composer-types";
import { logFailure } from "#app/lib/log.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Communications", description: "E-mail campaigns", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "send-communications", context);
  const query = new URL(request.url).searchParams;
  const filter = { search: searchParam(query, "q"), interest: searchParam(query, "interest") };
  const timeZone = siteConfig.venue.timeZone;
  const page = await readCommunicationsPage(context.db, user, { ...filter, timeZone, smsAllowedCountries: context.env.SMS_ALLOWED_COUNTRIES });
  if (!page.ok) throw data({ message: page.message }, { status: refusalStatus(page.reason) });
  const { community, campaigns, failed, textRecipients, textAudiences } = page;
  const scheduledLabels: Record<string, string> = {};
  for (const campaign of campaigns) {
    if (campaign.scheduledFor) scheduledLabels[campaign.id] = formatVenueTime(new Date(campaign.scheduledFor), timeZone);
  }
  return {
    me: user.email,
    filter,
    community,
    campaigns,
    failed,
    textRecipients,
    scheduledLabels,
    textAudiences,
    // The single-text form's one-time key: a resubmission (a lost answer, a second press, the
    // browser's resend) finds its text instead of sending another.
    smsSubmissionKey: newSubmissionKey(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "send-communications", context);
  const db = context.db;
  const publicUrl = context.env.PUBLIC_URL;
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const recipients = form.getAll("recipients").filter((value): value is string => typeof value === "string" && value.trim() !== "");
  // A name left empty is made from the subject, never an earlier campaign's; the form gets back what was typed.
  const typed = { campaign: text("campaign"), subject: text("subject"), message: text("message"), grantsMusicAccess: text("grantsMusicAccess") };
  const composer = { ...typed, campaign: typed.campaign.trim() || campaignNameFromSubject(typed.subject) };
  const values = { ...typed, previewAs: text("previewAs") };
  const answer = (body: ComposerActionData, status = 200) => data<ComposerActionData>(body, { status });
  const campaignId = text("campaignId");
  if (intent === "send-sms") {
    const sms = await sendSmsFromForm(context, user, { phone: text("phone"), message: text("message"), campaign: text("campaign"), submissionKey: text("submissionKey") });
    return data(sms, { status: sms.ok ? 200 : 400 });
  }
  if (intent === "send-sms-group" || intent === "change-sms-group") {
    const values = { audience: text("audience"), eventId: text("eventId"), message: text("message"), campaign: text("campaign"), timing: text("timing") };
    // 'Change' goes back from the review to the form, with everything typed.
    if (intent === "change-sms-group") return data({ ok: false as const, intent: "send-sms-group", message: "", values });
    const review = { secret: await reviewSecret(), confirm: text("confirm") || undefined };
    const outcome = await createTextCampaign(db, user, values, {
      starter: context.campaigns,
      timeZone: siteConfig.venue.timeZone,
      allowedCountries: context.env.SMS_ALLOWED_COUNTRIES,
      review,
    }).catch((error: unknown) => {
      logFailure("sms", "a group text", error);
      return null;
    });
    if (!outcome) {
      const message = `${smsMessages.failed}: the server could not do it just now; please try again`;
      return data({ ok: false as const, intent, message, values }, { status: 503 });
    }
    if (!outcome.ok && outcome.review) return data({ ok: false as const, intent, message: outcome.message, review: outcome.review, values });
    if (!outcome.ok) return data({ ok: false as const, intent, message: outcome.message, fieldErrors: outcome.fieldErrors, values }, { status: 400 });
    return data({ ok: true as const, intent, message: outcome.message });
  }

  try {
    switch (intent) {
      case "preview": {
        const previewAs = values.previewAs || recipients[0] || "";
        const name = previewAs ? await communityNameOf(db, previewAs) : null;
        const outcome = await renderCampaignPreview(composer, { name }, publicUrl);
        if (!outcome.ok) return answer({ ...outcome, intent, values, recipients }, 400);
        const previewLanding = composer.grantsMusicAccess === "on" ? campaignMessages.landingWithAccess : campaignMessages.landingWithoutAccess;
        return answer({ ok: true, intent, message: outcome.message, values, recipients, previewHtml: outcome.html, previewFor: previewAs || "friend", previewLanding });
      }
      case "send-preview": {
        const outcome = await sendCampaignPreview(db, user, composer, publicUrl);
        return answer({ ...outcome, intent, values, recipients }, outcome.ok ? 200 : 400);
      }
      case "change":
        // 'Change' goes back from the review to the composer, with everything typed and ticked.
        return answer({ ok: false, intent, message: "", values, recipients });
      case "send":
      case "send-all": {
        // With nobody ticked, Send is the spec's 'Send to ALL community?': the review asks it ('send-all' is its confirm).
        const audience = intent === "send-all" || recipients.length === 0 ? "all" : "selected";
        const review = { secret: await reviewSecret(), publicUrl };
        const outcome = await createReviewedCampaign(db, user, { ...composer, audience, recipients, confirm: text("confirm") || undefined }, context.campaigns, review);
        if (!outcome.ok && "review" in outcome && outcome.review) return answer({ ok: false, intent, message: outcome.message, review: outcome.review, values, recipients });
        if (!outcome.ok) {
          const message = outcome.fieldErrors ? outcome.message : campaignMessages.sendFailed(outcome.message);
          return answer({ ...outcome, message, intent, values, recipients }, 400);
        }
        return answer({ ok: true, intent, message: outcome.message });
      }
      case "pause":
        return control(await pauseCampaign(db, user, campaignId));
      case "resume":
        return control(await resumeCampaign(db, user, campaignId, context.campaigns));
      case "cancel":
        return control(await cancelCampaign(db, user, campaignId));
      case "retry":
        return control(await retryFailedRecipients(db, user, campaignId, context.campaigns, text("recipientId") || undefined));
      default:
        return answer({ ok: false, intent, message: "Unknown action." }, 400);
    }
  } catch (error) {
    logFailure("campaigns", `the communications page's ${intent}`, error);
    const reason = "the server could not do it just now; please try again";
    const message = intent === "send-preview" ? campaignMessages.previewFailed(reason) : campaignMessages.sendFailed(reason);
    return answer({ ok: false, intent, message, values, recipients }, 503);
  }

  function control(outcome: { ok: boolean; message: string }) {
    return answer({ ok: outcome.ok, intent, message: outcome.message } as ComposerActionData, outcome.ok ? 200 : 409);
  }
}

export default function CommunicationsPage({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  return (
    <div className="mt-6 space-y-12">
      <section aria-labelledby="campaign-composer-title">
        <h1 id="campaign-composer-title" className="text-4xl text-ivory">
          Communications
        </h1>
        <p className="mt-2 text-sand">
          E-mail the community a message with each person&apos;s own sign-in link. Unsubscribed addresses are always skipped.
        </p>
        <CampaignComposer
          community={loaderData.community}
          filter={loaderData.filter}
          me={loaderData.me}
          actionData={actionData}
        />
      </section>
      <CampaignList
        campaigns={loaderData.campaigns}
        failed={loaderData.failed}
        textRecipients={loaderData.textRecipients}
        scheduledLabels={loaderData.scheduledLabels}
        resultsLinks
      />
      <AttendeeImport />
      <section aria-labelledby="deliverability-section-title">
        <h2 id="deliverability-section-title" className="text-2xl text-ivory">
          Deliverability
        </h2>
        <p className="mt-2 text-sand">
          Addresses that bounced or marked our e-mail as spam are suppressed: campaigns, guest mail and invitations skip them.{" "}
          <a href="/admin/communications/deliverability" className="text-amber underline underline-offset-4">
            The suppression list
          </a>
        </p>
      </section>
      <section aria-labelledby="sms-title">
        <h2 id="sms-title" className="text-2xl text-ivory">
          Text messages
        </h2>
        <p className="mt-2 text-sand">
          Every text goes through the outbox: numbers that replied STOP and numbers that already had 4 texts this month are
          refused (a group text reports them as skipped).
        </p>
        <div className="mt-6">
          <SmsForm
            submissionKey={loaderData.smsSubmissionKey}
            fallback={actionData?.intent === "send-sms" ? (actionData as SmsOutcome) : undefined}
          />
        </div>
        <div className="mt-10 max-w-3xl">
          <SmsGroupForm
            audiences={loaderData.textAudiences}
            fallback={actionData?.intent === "send-sms-group" ? (actionData as StaffOutcome) : undefined}
          />
        </div>
      </section>
    </div>
  );
}
