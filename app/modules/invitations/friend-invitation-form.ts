import { z } from "zod";
import { oneLine } from "#app/modules/security";
import { friendInvitationMessages } from "./invitation-management-messages";

/** The friend invitation generator's fields, checked alike in the browser and on the server. */
export const friendInvitationSchema = z.object({
  name: z.string().trim().min(1, friendInvitationMessages.nameRequired).max(100, "Please keep the name under 100 characters.").check(oneLine),
  email: z
    .string()
    .trim()
    .min(1, friendInvitationMessages.emailRequired)
    .max(254, friendInvitationMessages.invalidEmail)
    .pipe(z.email(friendInvitationMessages.invalidEmail)),
});

export type FriendInvitationInput = z.infer<typeof friendInvitationSchema>;
