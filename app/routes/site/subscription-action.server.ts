import { data } from "react-router";
import { tooManyAttemptsInit } from "#app/lib/retry-after-header";
import type { z } from "zod";
import type { LimitedClient } from "#app/modules/security/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { joinWaitlist } from "#app/modules/community/index.server";
import { subscribeToNewsletter } from "#app/modules/community/index.server";
import { subscriptionMessages, type SubscriptionActionData } from "#app/modules/community";
import { newsletterSubscriptionSchema, waitlistEntrySchema } from "#app/modules/community";
import type { AppLoadContext } from "react-router";
import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";


/** What either sign-up needs besides the form: the site's address, who asks (for the limits), the outbox's wake. */
interface SignUp {
  publicUrl: string;
  client: LimitedClient;
  wake: OutboxWake;
}

const lists = {
  newsletter: {
    schema: newsletterSubscriptionSchema,
    success: subscriptionMessages.newsletterSuccess,
    save: (db: Database, input: z.infer<typeof newsletterSubscriptionSchema>, signUp: SignUp) => subscribeToNewsletter(db, { email: input.email, ...signUp }),
  },
  waitlist: {
    schema: waitlistEntrySchema,
    success: subscriptionMessages.waitlistSuccess,
    /** The launch sign-up has one error text for every failure (public-site.md section 4). */
    refusal: subscriptionMessages.failure,
    save: (db: Database, input: z.infer<typeof waitlistEntrySchema>, signUp: SignUp) => joinWaitlist(db, { ...input, ...signUp }),
  },
};

/**
 * The shared action of the newsletter and waitlist forms (given the posted form): validate, sign up (the use case counts
 * the attempt against its limits), answer with the spec's texts. A bad address, or one attempt
 * too many (429), is answered with what is wrong and the address as typed.
 */
export async function handleSubscription(form: Record<string, string>, listName: keyof typeof lists, context: Pick<AppLoadContext, "db" | "env" | "clientKey" | "wake">) {
  const { clientKey } = context;
  const email = form.email ?? "";
  const list = lists[listName];
  const parsed = list.schema.safeParse(form);
  if (!parsed.success) {
    const refusal = "refusal" in list ? list.refusal : parsed.error.issues[0]?.message;
    const error = refusal ?? subscriptionMessages.failure;
    return data<SubscriptionActionData>({ ok: false, error, email }, 400);
  }
  const env = context.env;
  try {
    const outcome = await list.save(context.db, parsed.data as never, {
      publicUrl: env.PUBLIC_URL,
      client: { key: clientKey, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER },
      wake: context.wake.outbox,
    });
    if ("reason" in outcome) {
      return data<SubscriptionActionData>(
        { ok: false, error: outcome.message, email },
        tooManyAttemptsInit(outcome.retryAfterSeconds),
      );
    }
    return data<SubscriptionActionData>({ ok: true, message: list.success });
  } catch (error) {
    logFailure(listName, "saving a sign-up", error);
    return data<SubscriptionActionData>({ ok: false, error: subscriptionMessages.failure, email }, 503);
  }
}
