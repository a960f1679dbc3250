import { z } from "zod";
import type { Database } from "#app/lib/db.server";
import { defineJob } from "#app/lib/jobs/define-job";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { reconcilePendingPayments } from "./checkout.server";
import type { PaymentGateway } from "./payment-gateway.server";
import { processDueRefunds } from "./refunds.server";

/**
 * The payments' every-minute pass: reconcile checkouts still pending (a lost webhook loses no
 * payment), then ask Stripe for the refunds that are due. A singleton, safe on any instance: the
 * state only moves forward and each refund carries its own idempotency key. Without Stripe, none.
 */
export function paymentJobs(options: { db: Database; gateway: PaymentGateway | null; wake: OutboxWake }) {
  if (!options.gateway) return { all: [] };
  const gateway = options.gateway;
  const reconcile = defineJob({
    name: "payments-reconcile",
    payload: z.object({}),
    schedule: "* * * * *",
    policy: "singleton",
    pollingIntervalSeconds: 10,
    retry: { limit: 2, delaySeconds: 20, backoff: true },
    async handler() {
      await reconcilePendingPayments(options.db, gateway, options.wake, new Date());
      await processDueRefunds(options.db, gateway, { now: new Date() });
    },
  });
  return { reconcile, all: [reconcile] };
}
