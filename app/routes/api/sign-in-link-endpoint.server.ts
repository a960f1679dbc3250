import type { AppLoadContext } from "react-router";
import { tooManyAttemptsInit } from "#app/lib/retry-after-header";
import type { z } from "zod";
import { authHeaders } from "#app/routes/guards.server";
import { methodNotAllowed, readJsonBody } from "#app/lib/json-api.server";
import { requestSignInLink } from "#app/modules/members/index.server";
import { authMessages } from "#app/modules/members";
import type { SignInLinkMetadata } from "#app/lib/auth.server";
import { logFailure } from "#app/lib/log.server";

/** The spec's payloads are a name and an address; anything near this size is not one. */
const MAX_BODY_BYTES = 10 * 1024;


/**
 * The shared handling of the two sign-in-link endpoints: read and validate the JSON body, count
 * the attempt, e-mail the link. The answer never carries the link, and is the same whether or
 * not the address has an account.
 */
export async function handleSignInLinkRequest<Schema extends z.ZodType<{ email: string; name?: string }>>(
  request: Request,
  context: AppLoadContext,
  options: { schema: Schema; purpose: (input: z.infer<Schema>) => NonNullable<SignInLinkMetadata["purpose"]> },
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return Response.json({ error: body.error }, { status: 400 });
  const parsed = options.schema.safeParse(body.value);
  if (!parsed.success) {
    return Response.json({ error: parsed.error.issues[0]?.message ?? authMessages.invalidEmail }, { status: 400 });
  }
  const input = parsed.data as z.infer<Schema>;
  try {
    const result = await requestSignInLink(context.db, {
      email: input.email,
      name: input.name,
      purpose: options.purpose(input),
      next: "/welcome",
      client: {
        key: context.clientKey,
        headers: authHeaders(request, context.clientIp),
        auth: context.auth,
        rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER,
      },
    });
    if (!result.sent) {
      return Response.json(
        { error: result.message },
        tooManyAttemptsInit(result.retryAfterSeconds),
      );
    }
    return Response.json({ sent: true });
  } catch (error) {
    logFailure("sign-in link", "sending a requested link", error);
    return Response.json({ error: authMessages.signInLinkFailed }, { status: 503 });
  }
}
