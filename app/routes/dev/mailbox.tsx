import { Link } from "react-router";
import { getDb } from "~/lib/db.server";
import { pageMeta } from "~/lib/seo";
import { listEmails } from "~/modules/messaging/outbox.server";
import type { Route } from "./+types/mailbox";
import { assertMailboxAccess } from "./mailbox-access.server";

export async function loader({ context }: Route.LoaderArgs) {
  assertMailboxAccess(context);
  const emails = await listEmails(getDb());
  return {
    emails: emails.map((email) => ({
      id: email.id,
      to: email.recipient,
      subject: email.subject ?? "(no subject)",
      kind: email.kind,
      status: email.status,
      createdAt: email.createdAt.toISOString(),
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
        No SMTP server is configured, so e-mails stay here instead of leaving this machine. Set SMTP_URL to send them
        for real. Only visitors on this machine can see this page.
      </p>
      {loaderData.emails.length === 0 ? (
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
                    <time dateTime={email.createdAt}>{email.createdAt.replace("T", " ").slice(0, 19)}</time>
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
