import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { defineIntent } from "#app/routes/intents.server";
import { smsGroupInput } from "./sms-group.server";

/** `change-sms-group`: back from the review to the group-text form, with everything typed. */
export const changeSmsGroup = defineIntent(smsGroupInput, async (values) => ({
  body: { ok: false, intent: "send-sms-group", message: "", values } satisfies StaffOutcome,
}));
