import { Link } from "react-router";
import type { Route } from "./+types/setup";
import { requireStaffPage } from "~/routes/guards.server";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import { listDemoInvitations } from "~/modules/demo/index.server";
import { listImportRuns } from "~/modules/legacy-import/index.server";
import { ImportRuns } from "~/components/admin/import-runs";
import { dkimStatus } from "~/modules/deliverability/index.server";
import { gatherSystemStatus, type CheckState, type StatusCheck } from "~/modules/system/index.server";
import { PageFrame } from "~/components/ui/page-hero";

/**
 * The spec's admin setup page created the profiles table by hand; our migrations create every
 * table at start-up, so the page shows instead whether this instance's parts work. Admins only
 * (signed out 401, without the role 403, as every staff page): even its summary says what is
 * configured, whether alerts hold and when the last backup was taken.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "System status", description: `How ${siteConfig.brand.name} is running.`, noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, "view-system-details", context);
  const status = await gatherSystemStatus(context.statusSources, { includeDetails: true });
  // The demo invitations' rids are random per installation; admins of a demo find them here.
  const demoInvitations = context.env.SEED_DEMO_CONTENT ? await listDemoInvitations(context.db, context.env.PUBLIC_URL) : [];
  const checks = [...status.checks, dkimStatus(context.env)];
  // The moves from the old site (npm run import:legacy), with their reports.
  const importRuns = await listImportRuns(context.db);
  return { checks, demoInvitations, importRuns };
}

const demoStateLabels = { pending: "Pending", accepted: "Accepted", expired: "Expired" } as const;

const stateLabels: Record<CheckState, { text: string; className: string }> = {
  ok: { text: "OK", className: "border-amber/50 bg-amber/10 text-amber" },
  problem: { text: "Problem", className: "border-danger/50 bg-danger/10 text-danger" },
  "not-configured": { text: "Not configured", className: "border-sand/40 bg-sand/10 text-sand" },
};

export default function SystemStatusPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame className="mx-auto max-w-3xl">
      <p className="eyebrow">Admin setup</p>
      <h1 className="mt-2 text-4xl text-ivory sm:text-5xl">System status</h1>
      <p className="mt-3 text-sand">
        The database tables are created automatically when the server starts. This page shows whether each part of
        this server works.
      </p>
      <ul className="mt-8 space-y-4" aria-label="System checks">
        {loaderData.checks.map((check) => (
          <CheckRow key={check.id} check={check} />
        ))}
      </ul>
      {loaderData.demoInvitations.length > 0 ? (
        <section aria-labelledby="demo-invitations" className="mt-10">
          <h2 id="demo-invitations" className="text-2xl text-ivory">
            Demo invitations
          </h2>
          <p className="mt-2 text-sand">
            This installation runs with demo content. Each link opens one of its invitations; they are made anew for
            every installation, so keep them to yourself.
          </p>
          <ul className="mt-4 space-y-2">
            {loaderData.demoInvitations.map((invitation) => (
              <li key={invitation.state}>
                <a href={invitation.url} className="break-all text-amber underline underline-offset-4">
                  {demoStateLabels[invitation.state]}: {invitation.email}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {loaderData.importRuns.length > 0 ? <ImportRuns runs={loaderData.importRuns} /> : null}
      <p className="mt-10">
        <Link to="/" className="button-primary">
          Back to Home
        </Link>
      </p>
    </PageFrame>
  );
}

function CheckRow({ check }: { check: StatusCheck }) {
  const state = stateLabels[check.state];
  const headingId = `check-${check.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-ember bg-umber/80 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl text-ivory">
          {check.title}
        </h2>
        <span className={`rounded-full border px-3 py-1 text-xs font-semibold tracking-wide ${state.className}`}>
          {state.text}
        </span>
      </div>
      <p className="mt-2 text-sand">{check.summary}</p>
      {check.details && check.details.length > 0 ? (
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {check.details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="text-mist">{detail.label}</dt>
              <dd className="break-all text-ivory">{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
