import { data, Link } from "react-router";
import { z } from "zod";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { attachmentsFromMeta } from "#app/modules/messaging";
import { getOutboxMessage } from "#app/modules/messaging/index.server";
import type { Route } from "./+types/mailbox-message";
import { assertMailboxAccess } from "./mailbox-access.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  assertMailboxAccess(context);
  const id = z.uuid().safeParse(params.messageId);
  const message = id.success ? await getOutboxMessage(context.db, id.data) : undefined;
  if (!message || message.channel !== "email") throw data(null, { status: 404 });
  return {
    id: message.id,
    to: message.recipient,
    subject: message.subject ?? "(no subject)",
    text: message.bodyText,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    createdAt: message.createdAt.toISOString(),
    written: formatVenueDateTime(message.createdAt, siteConfig.venue.timeZone),
    signInLink: message.meta.signInLink ?? null,
    attachments: attachmentsFromMeta(message.meta).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.subject ?? "E-mail", description: "An e-mail in the dev mailbox.", noIndex: true });

export default function MailboxMessage({ loaderData: message }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-4xl px-5 py-16">
      <Link to="/dev/mailbox" className="text-amber underline underline-offset-4">
        ← All e-mails
      </Link>
      <h1 className="mt-6 text-3xl text-ivory">{message.subject}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm text-sand">
        <dt className="text-mist">To</dt>
        <dd>{message.to}</dd>
        <dt className="text-mist">Written</dt>
        <dd>
          <time dateTime={message.createdAt}>{message.written}</time> (venue time)
        </dd>
        <dt className="text-mist">Status</dt>
        <dd>
          {message.status} after {message.attempts} attempt(s){message.lastError ? ` (last error: ${message.lastError})` : ""}
        </dd>
        {message.attachments.length > 0 ? (
          <>
            <dt className="text-mist">Attachments</dt>
            <dd>{message.attachments.map((attachment) => `${attachment.filename} (${attachment.contentType})`).join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {message.signInLink ? (
        <p className="mt-6">
          <a href={message.signInLink} className="button-primary">
            Open the sign-in link
          </a>
        </p>
      ) : null}
      <h2 className="mt-10 text-xl text-ivory">As the recipient sees it</h2>
      <iframe
        title={`E-mail: ${message.subject}`}
        src={`/dev/mailbox/${message.id}/html`}
        // No script, no same origin; a link may open a tab of its own, outside the sandbox.
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        className="mt-3 h-[32rem] w-full rounded-2xl border border-ember bg-white"
      />
      <h2 className="mt-10 text-xl text-ivory">Plain-text part</h2>
      <pre className="mt-3 overflow-x-auto rounded-2xl border border-ember bg-umber p-5 text-sm whitespace-pre-wrap text-sand">
        {message.text}
      </pre>
    </section>
  );
}
