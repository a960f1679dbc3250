import { z } from "zod/mini";
import { oneLine } from "#app/modules/security";
import { giftMessages, readGiftAmount } from "./contribution-rules";

/** The /donate form: the one schema the page and the server check with. */
export const giftSchema = z.object({
  name: z.string({ error: giftMessages.name }).check(z.trim(), z.minLength(1, giftMessages.name), z.maxLength(100, giftMessages.nameTooLong), oneLine),
  email: z.string({ error: giftMessages.email }).check(z.trim(), z.maxLength(254, giftMessages.email), z.email(giftMessages.email)),
  amount: z.pipe(
    z.union([z.string(), z.number()], { error: giftMessages.amount }),
    z.transform((value) => readGiftAmount(value) ?? Number.NaN),
  ).check(z.refine((value) => Number.isInteger(value), giftMessages.amount)),
  /** The form's one-time key: a second press of the same form opens the same checkout. */
  submissionKey: z.string({ error: giftMessages.submissionKey }).check(z.trim(), z.uuid(giftMessages.submissionKey)),
});

export type GiftInput = z.infer<typeof giftSchema>;
export type GiftField = "name" | "email" | "amount";
