import type { ComposerActionData } from "#app/components/admin/campaigns/composer-types";
import { defineIntent } from "#app/routes/intents.server";
import { composerInput, composerOf } from "./composer.server";

/** `change`: back from the review to the composer, with everything typed and ticked. */
export const change = defineIntent(composerInput, async (input) => ({
  body: { ok: false, intent: "change", message: "", values: composerOf(input).values, recipients: input.recipients } satisfies ComposerActionData,
}));
