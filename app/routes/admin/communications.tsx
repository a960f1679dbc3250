import { data } from "react-router";
import { SmsForm, type SmsOutcome } from "#app/components/admin/sms/sms-form";
import type { Route } from "./+types/communications";
import { CampaignComposer } from "#app/components/admin/campaigns/campaign-composer";
import { CampaignList } from "#app/components/admin/campaigns/campaign-list";
import { AttendeeImport } from "#app/components/admin/campaigns/attendee-import";
import { useOutcomeToast } from "#app/components/admin/staff-outcome";
import { pageMeta } from "#app/lib/seo";
import { readCommunicationsPage } from "#app/modules/campaigns/index.server";
import { refusalStatus } from "#app/lib/outcome";
import { formatVenueTime } from "#app/modules/sms";
import { siteConfig } from "#app/lib/site-config";
import { newSubmissionKey } from "#app/modules/reservations";
import { SmsGroupForm } from "#app/components/admin/sms/sms-group-form";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { requireStaffPage, searchParam } from "#app/routes/guards.server";
import type { ComposerActionData } from "#app/components/admin/campaigns/composer-types";
import { fieldsOf, runIntent, type IntentHandler } from "#app/routes/intents.server";
import { cancel } from "./communications/cancel.server";
import { change } from "./communications/change.server";
import { changeSmsGroup } from "./communications/change-sms-group.server";
import { pause } from "./communications/pause.server";
import { preview } from "./communications/preview.server";
import { resume } from "./communications/resume.server";
import { retry } from "./communications/retry.server";
import { send, sendAll } from "./communications/send.server";
import { sendPreview } from "./communications/send-preview.server";
import { sendSms } from "./communications/send-sms.server";
import { sendSmsGroup } from "./communications/send-sms-group.server";

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

/** The page's intents, each in its own file with the fields it reads (docs/decisions/062). */
const intents: Record<string, IntentHandler<ComposerActionData | SmsOutcome>> = {
  "send-sms": sendSms,
  "send-sms-group": sendSmsGroup,
  "change-sms-group": changeSmsGroup,
  preview,
  "send-preview": sendPreview,
  change,
  send,
  "send-all": sendAll,
  pause,
  resume,
  cancel,
  retry,
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "send-communications", context);
  const fields = fieldsOf(await request.formData());
  const intent = typeof fields.intent === "string" ? fields.intent : "";
  const unknown = { ok: false as const, intent, message: "Unknown action." };
  return runIntent(intents, intent, fields, { user, context, area: "campaigns", page: "communications page", unknown });
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
