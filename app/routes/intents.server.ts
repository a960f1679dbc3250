import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { logFailure } from "#app/lib/log.server";
import type { SignedInUser } from "#app/routes/guards.server";

/**
 * One intent of a staff page's form: the fields it reads (a zod schema) and what it does with them
 * (one use case, its outcome turned into an answer). A page's action is a table from intent names
 * to these, as Documenso pairs each handler with its declared input (docs/decisions/062).
 */
export interface IntentHandler<Body> {
  /** Parses the form's fields, calls the use case and answers with its outcome. */
  run(fields: Record<string, unknown>, request: IntentRequest): Promise<IntentAnswer<Body>>;
  /** The answer when the use case threw (the database away); without it the error goes on to the error page. */
  failed?: (fields: Record<string, unknown>) => IntentAnswer<Body>;
}

/** What every intent gets besides its fields: who asks, and the instance's parts from the request context. */
export interface IntentRequest {
  user: SignedInUser;
  context: AppLoadContext;
}

/** An intent's answer: the body the page shows and its HTTP status (200 unless a refusal says otherwise). */
export interface IntentAnswer<Body> {
  body: Body;
  status?: number;
}

/**
 * Declares an intent from its input schema and its handler. The schemas read a missing field (or a
 * file where text was expected) as empty, as a plain form post leaves it, so the use case, not the
 * parser, decides what an empty value means and answers in its own words.
 */
export function defineIntent<Schema extends z.ZodType<object, Record<string, unknown>>, Body>(
  input: Schema,
  handle: (input: z.output<Schema>, request: IntentRequest) => Promise<IntentAnswer<Body>>,
  failed?: (input: z.output<Schema>) => IntentAnswer<Body>,
): IntentHandler<Body> & { input: Schema } {
  return {
    input,
    run: (fields, request) => handle(input.parse(fields), request),
    failed: failed && ((fields) => failed(input.parse(fields))),
  };
}

/** A text field of a form: what was typed (the first value, when sent twice), or "" when the field is missing. */
export const formText = z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string().catch(""));

/** A field that may be sent more than once (ticked boxes): every non-blank value, in order. */
export const formList = z
  .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.unknown()))
  .transform((values) => values.filter((value): value is string => typeof value === "string" && value.trim() !== ""));

/** A submitted form as fields: each name's value, or its values in order when it was sent more than once. */
export function fieldsOf(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

/**
 * Runs the intent a form names through the page's table. An intent the page does not know, and one
 * whose use case threw, answer with the page's own words; the error is logged with what was asked.
 */
export async function runIntent<Body>(
  intents: Record<string, IntentHandler<Body>>,
  intent: string,
  fields: Record<string, unknown>,
  request: IntentRequest & { area: string; page: string; unknown: Body },
) {
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) return data<Body>(request.unknown, { status: 400 });
  try {
    const answer = await handler.run(fields, request);
    return data<Body>(answer.body, { status: answer.status ?? 200 });
  } catch (error) {
    if (!handler.failed) throw error;
    logFailure(request.area, `the ${request.page}'s ${intent}`, error);
    const answer = handler.failed(fields);
    return data<Body>(answer.body, { status: answer.status ?? 503 });
  }
}
