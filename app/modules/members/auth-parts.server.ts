import type { AuthParts } from "#app/lib/auth.server";
import { roleForEmail } from "#app/modules/access";
import { sendAccountLink } from "./send-account-link.server";

/** The members' rules that the auth instance is built with (see server/runtime.ts). */
export const memberAuthParts: AuthParts = { roleForEmail, sendAccountLink };
