import { Link } from "react-router";
import { listTexts } from "#app/modules/sms/index.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { listEmails } from "#app/modules/messaging/index.server";
import type { Route } from "./+types/mailbox";
import { assertMailboxAccess } from "./mailbox-access.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  assertMailboxAccess(context);
  const tab = new URL(request.url).searchParams.get("tab") === "texts" ? "texts" : "emails";
  const [emails, texts] = await Promise.all([tab === "emails" ? listEmails(context.db) : [], tab === "texts" ? listTexts(context.db) : []]);
  return {
    tab,
    texts: texts.map((text) => ({
      id: text.id,
      to: text.recipient,
      body: text.bodyText,
      kind: text.kind,
      status: text.status,
      transport: text.transport,
      error: text.lastError,
      createdAt: text.createdAt.toISOString(),
      written: formatVenueDateTime(text.createdAt, siteConfig.venue.timeZone),
    })),
    emails: emails.map((email) => ({
      id: email.id,
      to: email.recipient,
      subject: email.subject ?? "(no subject)",
      kind: email.kind,
      status: email.status,
      createdAt: email.createdAt.toISOString(),
      written: formatVenueDateTime(email.createdAt, siteConfig.venue.timeZone),
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Dev mailbox", description: "E-mails written by this development server.", noIndex: true });

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-5 py-16">
      <p className="eyebrow">Development</p>
      <h1 className="mt-3 text-4xl text-ivory">Dev mailbox</h1>
      <p className="mt-3 max-w-2xl text-sand">
        Without an SMTP server, e-mails stay here instead of leaving this machine (set SMTP_URL to send them for real);
        without Twilio settings, so do texts. Only visitors on this machine can see this page.
      </p>
      <nav aria-label="Mailbox" className="mt-8 flex gap-2">
        {(
          [
            ["emails", "E-mails", "/dev/mailbox"],
            ["texts", "Texts", "/dev/mailbox?tab=texts"],
          ] as const
        ).map(([tab, label, to]) => (
          <Link
            key={tab}
            to={to}
            aria-current={loaderData.tab === tab ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full px-5 font-semibold ${loaderData.tab === tab ? "bg-amber text-night" : "text-amber hover:bg-amber/10"}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {loaderData.tab === "texts" ? (
        <TextsTable texts={loaderData.texts} />
      ) : loaderData.emails.length === 0 ? (
        <p className="mt-10 text-sand">No e-mails yet.</p>
      ) : (
        <div className="mt-10 overflow-x-auto rounded-2xl border border-ember">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">E-mails, newest first</caption>
            <thead className="bg-umber text-mist">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">Sent</th>
                <th scope="col" className="px-4 py-3 font-medium">To</th>
                <th scope="col" className="px-4 py-3 font-medium">Subject</th>
                <th scope="col" className="px-4 py-3 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.emails.map((email) => (
                <tr key={email.id} className="border-t border-ember">
                  <td className="px-4 py-3 whitespace-nowrap text-sand">
                    <time dateTime={email.createdAt}>{email.written}</time>
                  </td>
                  <td className="px-4 py-3 text-sand">{email.to}</td>
                  <td className="px-4 py-3">
                    <Link to={email.id} className="text-amber underline underline-offset-4 hover:text-ivory">
                      {email.subject}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-sand">{email.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TextsTable({ texts }: { texts: Route.ComponentProps["loaderData"]["texts"] }) {
  if (texts.length === 0) return <p className="mt-10 text-sand">No texts yet.</p>;
  return (
    <div className="mt-10 overflow-x-auto rounded-2xl border border-ember">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Texts, newest first</caption>
        <thead className="bg-umber text-mist">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Sent</th>
            <th scope="col" className="px-4 py-3 font-medium">To</th>
            <th scope="col" className="px-4 py-3 font-medium">Text</th>
            <th scope="col" className="px-4 py-3 font-medium">Status</th>
          </tr>
        </thead>
        <tbody>
          {texts.map((text) => (
            <tr key={text.id} className="border-t border-ember align-top">
              <td className="px-4 py-3 whitespace-nowrap text-sand">
                <time dateTime={text.createdAt}>{text.written}</time>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-sand">{text.to}</td>
              <td className="px-4 py-3 whitespace-pre-wrap text-ivory">{text.body || "(cleared after sending)"}</td>
              <td className="px-4 py-3 text-sand">
                {text.status}
                {text.error ? <span className="block text-danger">{text.error}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
