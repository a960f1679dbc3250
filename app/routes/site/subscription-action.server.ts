import { data } from "react-router";
import type { z } from "zod";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { readForm } from "~/lib/form-data.server";
import { joinWaitlist } from "~/modules/community/join-waitlist.server";
import { subscribeToNewsletter } from "~/modules/community/subscribe-to-newsletter.server";
import { subscriptionMessages } from "~/modules/community/subscription-messages";
import { newsletterSubscriptionSchema, waitlistEntrySchema } from "~/modules/community/subscription-schemas";

export type SubscriptionActionData =
  | { ok: true; message: string }
  | { ok: false; error: string; email: string };

const lists = {
  newsletter: {
    schema: newsletterSubscriptionSchema,
    success: subscriptionMessages.newsletterSuccess,
    save: (input: z.infer<typeof newsletterSubscriptionSchema>, publicUrl: string) =>
      subscribeToNewsletter(getDb(), { email: input.email, publicUrl }),
  },
  waitlist: {
    schema: waitlistEntrySchema,
    success: subscriptionMessages.waitlistSuccess,
    /** The launch sign-up has one error text for every failure (public-site.md section 4). */
    refusal: subscriptionMessages.failure,
    save: (input: z.infer<typeof waitlistEntrySchema>, publicUrl: string) =>
      joinWaitlist(getDb(), { ...input, publicUrl }),
  },
};

/**
 * The shared action of the newsletter and waitlist forms: validate, store, answer with the
 * spec's texts. A bad address is answered with what is wrong and the address as typed.
 */
export async function handleSubscription(request: Request, listName: keyof typeof lists) {
  const form = await readForm(request);
  const email = form.email ?? "";
  const list = lists[listName];
  const parsed = list.schema.safeParse(form);
  if (!parsed.success) {
    const refusal = "refusal" in list ? list.refusal : parsed.error.issues[0]?.message;
    const error = refusal ?? subscriptionMessages.failure;
    return data<SubscriptionActionData>({ ok: false, error, email }, 400);
  }
  try {
    await list.save(parsed.data as never, getEnv().PUBLIC_URL);
    return data<SubscriptionActionData>({ ok: true, message: list.success });
  } catch (error) {
    console.error(`[${listName}] could not save a sign-up:`, error);
    return data<SubscriptionActionData>({ ok: false, error: subscriptionMessages.failure, email }, 503);
  }
}
