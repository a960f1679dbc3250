import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { requireStaffPage } from "#app/routes/guards.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { logFailure } from "#app/lib/log.server";
import { refusalStatus } from "#app/lib/outcome";
import { can } from "#app/modules/access";
import { demoContentSummary, describeDemoContent, listDemoInvitations, removeDemoContent } from "#app/modules/demo/index.server";
import { listImportRuns } from "#app/modules/legacy-import/index.server";
import { ImportRuns } from "#app/components/admin/import-runs";
import { bounceStatus, dkimStatus } from "#app/modules/deliverability/index.server";
import { gatherSystemStatus, paymentsStatus, type CheckState, type StatusCheck } from "#app/modules/system/index.server";
import { orElse } from "#app/lib/or-else";

/**
 * The spec's admin setup page created the profiles table by hand; our migrations create every
 * table at start-up, so the page shows instead whether this instance's parts work, and whether the
 * demo brand's content is here (with the way to remove it: docs/decisions/052). Admins only
 * (signed out 401, without the role 403, as every staff page): even its summary says what is
 * configured, whether alerts hold and when the last backup was taken.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "System status", description: `How ${siteConfig.brand.name} is running.`, noIndex: true });

/** `?demo=review-removal`: the confirmation step of Remove demo content, a page state of its own (no script needed). */
const REVIEW = "review-removal";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "view-system-details", context);
  const status = await gatherSystemStatus(context.statusSources, { includeDetails: true });
  const checks = [...status.checks, dkimStatus(context.env), bounceStatus(context.env), paymentsStatus(context.env, context.payments?.mode)];
  const demo = await demoContentSummary(context.db);
  // The demo invitations' rids are random per installation; admins of a demo find them here.
  const demoInvitations = demo.present ? await listDemoInvitations(context.db, context.env.PUBLIC_URL) : [];
  // The moves from the old site (npm run import:legacy), with their reports.
  const importRuns = await listImportRuns(context.db);
  const canRemoveDemo = can(user, "remove-demo-content");
  return {
    checks,
    demo: { present: demo.present, lines: describeDemoContent(demo), eventTitles: demo.eventTitles },
    canRemoveDemo,
    reviewing: demo.present && canRemoveDemo && new URL(request.url).searchParams.get("demo") === REVIEW,
    demoInvitations,
    importRuns,
  };
}

/** POST intent=remove-demo: removes the demo content for good (admins), after the review step. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "remove-demo-content", context);
  const form = await request.formData().catch(orElse(undefined, "a body that is no form is answered as bad input below"));
  if (form?.get("intent") !== "remove-demo") return data({ ok: false as const, message: "Unknown action." }, { status: 400 });
  try {
    const outcome = await removeDemoContent(context.db, user);
    if (!outcome.ok) return data({ ok: false as const, message: outcome.message }, { status: refusalStatus(outcome.reason) });
    return { ok: true as const, message: outcome.message };
  } catch (error) {
    logFailure("setup", "removing the demo content", error);
    return data({ ok: false as const, message: "The demo content could not be removed just now; nothing was removed. Please try again." }, { status: 503 });
  }
}

const demoStateLabels = { pending: "Pending", accepted: "Accepted", expired: "Expired" } as const;

const stateLabels: Record<CheckState, { text: string; className: string }> = {
  ok: { text: "OK", className: "border-amber/50 bg-amber/10 text-amber" },
  problem: { text: "Problem", className: "border-danger/50 bg-danger/10 text-danger" },
  "not-configured": { text: "Not configured", className: "border-sand/40 bg-sand/10 text-sand" },
};

export default function SystemStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="system-title" className="mt-6 max-w-3xl">
      <h1 id="system-title" className="text-4xl text-ivory">
        System status
      </h1>
      <p className="mt-2 text-sand">
        The database is set up automatically when the server starts. This page shows what this site holds and whether each part of this server works.
      </p>
      <DemoContent loaderData={loaderData} answer={actionData} />
      <section aria-labelledby="checks-title" className="mt-10">
        <h2 id="checks-title" className="text-2xl text-ivory">
          Parts of this server
        </h2>
        <ul className="mt-4 space-y-4" aria-label="System checks">
          {loaderData.checks.map((check) => (
            <CheckRow key={check.id} check={check} />
          ))}
        </ul>
      </section>
      {loaderData.importRuns.length > 0 ? <ImportRuns runs={loaderData.importRuns} /> : null}
    </section>
  );
}

/**
 * Whether the demo brand's content is here and, for admins, Remove demo content: a button that
 * opens the review (what will go, as its own page state, so it works without scripts), whose form
 * removes it. Focus goes to the review's heading and to the answer, so a keyboard or screen-reader
 * user lands where the page changed.
 */
function DemoContent({ loaderData, answer }: { loaderData: Route.ComponentProps["loaderData"]; answer: Route.ComponentProps["actionData"] }) {
  const { demo, reviewing } = loaderData;
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLParagraphElement>(null);
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (reviewing) reviewHeading.current?.focus();
  }, [reviewing]);
  useEffect(() => {
    if (answer) answerRef.current?.focus();
  }, [answer]);
  return (
    <section aria-labelledby="demo-content" className="mt-8 rounded-2xl border border-ember bg-umber/80 p-5 sm:p-6">
      <h2 id="demo-content" className="text-2xl text-ivory">
        Demo content: {demo.present ? "present" : "none"}
      </h2>
      {answer ? (
        <p ref={answerRef} tabIndex={-1} role="status" data-testid="demo-answer" className={`mt-3 ${answer.ok ? "text-amber" : "text-rose-300"}`}>
          {answer.message}
        </p>
      ) : null}
      {demo.present ? (
        <>
          <p className="mt-2 text-sand">
            This site shows the demo brand&apos;s invented events, guests and invitations: {demo.lines.join("; ")}. Remove them before the site goes
            live or before moving your own data in.
          </p>
          {loaderData.demoInvitations.length > 0 ? (
            <section aria-labelledby="demo-invitations">
              <h3 id="demo-invitations" className="mt-4 text-xl text-ivory">
                Demo invitations
              </h3>
              <p className="mt-1 text-sand">Each link opens one of its invitations; they are made anew for every installation, so keep them to yourself.</p>
              <ul className="mt-2 space-y-2">
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
          {reviewing ? (
            <div className="mt-6 rounded-2xl border border-danger/50 p-4 sm:p-5">
              <h3 id="demo-removal-review" ref={reviewHeading} tabIndex={-1} className="text-xl text-ivory">
                Remove the demo content?
              </h3>
              <p className="mt-2 text-sand">This removes, for good, and is recorded in the activity log:</p>
              <ul className="mt-2 list-disc space-y-1 pl-6 text-sand" aria-label="What will be removed">
                {demo.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <details className="mt-3 text-sand">
                <summary className="cursor-pointer text-amber">The demo events ({demo.eventTitles.length})</summary>
                <ul className="mt-2 space-y-1 pl-4">
                  {demo.eventTitles.map((title, index) => (
                    <li key={`${title}-${index}`}>{title}</li>
                  ))}
                </ul>
              </details>
              <p className="mt-3 text-sand">Nothing else changes: your own events, guests, people and settings stay.</p>
              <Form method="post" action="/admin/setup" className="mt-4 flex flex-wrap items-center gap-3">
                <input type="hidden" name="intent" value="remove-demo" />
                <button
                  type="submit"
                  disabled={busy}
                  className="inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-6 py-2.5 font-semibold text-night hover:bg-ivory"
                >
                  {busy ? "Removing…" : "Yes, remove the demo content"}
                </button>
                <Link to="/admin/setup" className="button-secondary">
                  Keep it
                </Link>
              </Form>
            </div>
          ) : loaderData.canRemoveDemo ? (
            <Form method="get" action="/admin/setup" className="mt-4">
              <input type="hidden" name="demo" value={REVIEW} />
              <button type="submit" className="button-secondary">
                Remove demo content
              </button>
            </Form>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sand">This site holds only its own data: no demo events, guests or invitations.</p>
      )}
    </section>
  );
}

function CheckRow({ check }: { check: StatusCheck }) {
  const state = stateLabels[check.state];
  const headingId = `check-${check.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-ember bg-umber/80 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-2xl text-ivory">
          {check.title}
        </h3>
        <span className={`rounded-full border px-3 py-1 text-xs font-semibold tracking-wide ${state.className}`}>{state.text}</span>
      </div>
      <p className="mt-2 text-sand">{check.summary}</p>
      {check.details && check.details.length > 0 ? (
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {check.details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="text-mist">{detail.label}</dt>
              <dd className="break-words text-ivory">{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
