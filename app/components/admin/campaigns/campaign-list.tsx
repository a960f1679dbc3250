import { useEffect, useState, type MouseEvent } from "react";
import { Form, Link, useRevalidator, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog";
import { StackedTable } from "#app/components/admin/dashboard/stacked-table";
import type { CampaignEngagement } from "#app/modules/campaigns/index.server";
import { formatEta, percentDone, type CampaignCounts } from "#app/modules/campaigns";

interface CampaignRow {
  id: string;
  channel: "email" | "sms";
  scheduledFor: string | null;
  tag: string;
  label: string;
  createdLabel: string;
  subject: string;
  status: "draft" | "scheduled" | "sending" | "paused" | "cancelled" | "completed";
  createdAt: string;
  createdByEmail: string;
  counts: CampaignCounts;
  etaSeconds: number | null;
  /** The text of a group text, shown on its card. */
  body?: string;
  engagement: CampaignEngagement;
}

interface FailedRecipient {
  id: string;
  email: string;
  reason: string;
}

/** One recipient of a group text and its result. */
export interface TextRecipientRow {
  id: string;
  phone: string;
  name: string | null;
  status: "queued" | "sent" | "delivered" | "failed" | "skipped";
  reason: string | null;
}

/** How often the page reloads its figures while a campaign is sending. */
const POLL_MILLISECONDS = 3000;

/** The campaigns, newest first, with live progress while one is sending, and their controls. */
export function CampaignList(props: {
  campaigns: CampaignRow[];
  failed: Record<string, FailedRecipient[]>;
  textRecipients?: Record<string, TextRecipientRow[]>;
  /** Formats a scheduled start in the venue's time (the server's words). */
  scheduledLabels?: Record<string, string>;
  /** Whether each campaign links to its page of per-recipient results (admins). */
  resultsLinks?: boolean;
}) {
  const revalidator = useRevalidator();
  const sending = props.campaigns.some((campaign) => campaign.status === "sending");
  const { revalidate, state } = revalidator;
  useEffect(() => {
    if (!sending || state !== "idle") return;
    // One reload a few seconds after the last one finished, while a campaign is sending.
    const timer = setTimeout(() => void revalidate(), POLL_MILLISECONDS);
    return () => clearTimeout(timer);
  }, [sending, state, revalidate]);

  return (
    <section aria-labelledby="campaigns-title">
      <h2 id="campaigns-title" className="text-2xl text-ivory">
        Campaigns
      </h2>
      {props.campaigns.length === 0 ? (
        <p className="mt-3 text-sand">No campaign has been sent yet.</p>
      ) : (
        <ol className="mt-4 space-y-4" aria-label="Campaigns">
          {props.campaigns.map((campaign) => (
            <CampaignItem
              key={campaign.id}
              campaign={campaign}
              failed={props.failed[campaign.id] ?? []}
              textRecipients={props.textRecipients?.[campaign.id]}
              scheduledLabel={props.scheduledLabels?.[campaign.id]}
              resultsLink={props.resultsLinks}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

const statusLabel: Record<CampaignRow["status"], string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  cancelled: "Cancelled",
  completed: "Completed",
};

const recipientStatusLabel: Record<TextRecipientRow["status"], string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Skipped",
};

function CampaignItem(props: { campaign: CampaignRow; failed: FailedRecipient[]; textRecipients?: TextRecipientRow[]; scheduledLabel?: string; resultsLink?: boolean }) {
  const { campaign, failed } = props;
  const { counts, engagement } = campaign;
  const done = percentDone(counts);
  const isText = campaign.channel === "sms";
  const figures: (readonly [string, number])[] = isText
    ? [
        ["Recipients", counts.recipients],
        ["Queued", counts.queued],
        ["Sent", counts.sent],
        ["Delivered", counts.delivered],
        ["Failed", counts.failed],
        ["Skipped", counts.skipped],
      ]
    : [
        ["Recipients", counts.recipients],
        ["Queued", counts.queued],
        ["Sent", counts.sent],
        ["Failed", counts.failed],
        ["Skipped", counts.skipped],
        ["Clicked", counts.clicked],
        ["Listened", engagement.listeners],
        ["Plays", engagement.plays],
        ["Unsubscribed", engagement.unsubscribed],
        ["Bounced", engagement.bounced],
        ["Complaints", engagement.complaints],
      ];
  return (
    <li className="rounded-2xl border border-sand/15 p-4" aria-label={`Campaign ${campaign.subject}`} data-campaign-id={campaign.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg text-ivory">
          {isText ? <span className="mr-2 rounded-full border border-sand/30 px-2 py-0.5 text-xs text-sand">Text</span> : null}
          {campaign.subject}
        </p>
        <p className="text-sm text-sand">
          <span data-testid="campaign-status">{statusLabel[campaign.status]}</span> · {campaign.label} · {campaign.createdLabel} · by{" "}
          {campaign.createdByEmail}
        </p>
      </div>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-sand/15" role="progressbar" aria-label="Sent or failed" aria-valuenow={done} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-full bg-amber" style={{ width: `${done}%` }} />
      </div>
      {campaign.status === "scheduled" && props.scheduledLabel ? (
        <p className="mt-2 text-amber" data-testid="campaign-scheduled">
          Starts at {props.scheduledLabel}, after quiet hours. Cancel it until then if plans change.
        </p>
      ) : null}
      {isText ? <p className="mt-2 text-sm text-sand">“{campaign.body}”</p> : null}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm sm:grid-cols-5" data-testid="campaign-counts">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-mist">{label}</dt>
            <dd className="text-ivory">{value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-mist">Time left</dt>
          <dd className="text-ivory">{campaign.status === "sending" ? formatEta(campaign.etaSeconds) : "—"}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {campaign.status === "sending" ? <ControlButton campaignId={campaign.id} intent="pause" label="Pause" /> : null}
        {campaign.status === "paused" ? <ControlButton campaignId={campaign.id} intent="resume" label="Resume" /> : null}
        {campaign.status === "sending" || campaign.status === "paused" || campaign.status === "scheduled" ? <CancelButton campaign={campaign} /> : null}
        {failed.length > 0 && campaign.status !== "cancelled" ? <ControlButton campaignId={campaign.id} intent="retry" label="Retry all failed" /> : null}
        {props.resultsLink ? (
          <Link to={`/admin/communications/campaigns/${campaign.id}`} className="button-secondary" aria-label={`Each recipient's result: ${campaign.subject}`}>
            Each recipient&apos;s result
          </Link>
        ) : null}
      </div>
      {props.textRecipients && props.textRecipients.length > 0 ? (
        <details className="mt-3" open={campaign.status !== "completed" && campaign.status !== "cancelled"}>
          <summary className="cursor-pointer text-sand">Recipients and results ({counts.recipients})</summary>
          <StackedTable
            caption={`Recipients of ${campaign.subject}`}
            rows={props.textRecipients}
            rowKey={(row) => row.id}
            columns={[
              { header: "Number", cell: (row) => <span className="text-ivory">{row.phone}</span> },
              { header: "Name", cell: (row) => row.name ?? "—" },
              { header: "Result", cell: (row) => <span data-testid="recipient-status">{recipientStatusLabel[row.status]}</span> },
              { header: "Reason", cell: (row) => row.reason ?? "" },
            ]}
          />
        </details>
      ) : null}
      {failed.length > 0 && !isText ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sand">Failed recipients ({counts.failed})</summary>
          <ul className="mt-2 divide-y divide-sand/10 text-sm">
            {failed.map((recipient) => (
              <li key={recipient.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="text-ivory">{recipient.email}</span>: <span className="text-sand">{recipient.reason}</span>
                </span>
                {campaign.status !== "cancelled" ? (
                  <Form method="post">
                    <input type="hidden" name="campaignId" value={campaign.id} />
                    <input type="hidden" name="recipientId" value={recipient.id} />
                    <button type="submit" name="intent" value="retry" className="button-secondary" aria-label={`Retry ${recipient.email}`}>
                      Retry
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

function ControlButton(props: { campaignId: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="campaignId" value={props.campaignId} />
      <button type="submit" name="intent" value={props.intent} className="button-secondary">
        {props.label}
      </button>
    </Form>
  );
}

/** Cancel asks first (with JavaScript); without it the button posts straight away. */
function CancelButton({ campaign }: { campaign: CampaignRow }) {
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  return (
    <Form method="post">
      <input type="hidden" name="campaignId" value={campaign.id} />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this campaign?"
        description={`Nobody who has not got "${campaign.subject}" yet will get it. This cannot be undone.`}
        confirmLabel="Cancel campaign"
        onConfirm={() => void submit({ intent: "cancel", campaignId: campaign.id }, { method: "post" })}
        trigger={
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="button-secondary"
            onClick={(event: MouseEvent<HTMLButtonElement>) => {
              event.preventDefault();
              setOpen(true);
            }}
          >
            Cancel
          </button>
        }
      />
    </Form>
  );
}
