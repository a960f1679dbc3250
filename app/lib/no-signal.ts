/**
 * A form's answer the page gave itself because the post met no network (the door page's
 * clientAction, docs/decisions/068): the server changed nothing, so the layouts above the page do
 * not ask for their data again (a question that would fail the same way, into the error page).
 */
export type NoSignalAnswer = { noSignal: true };

export function isNoSignalAnswer(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && (actionResult as Partial<NoSignalAnswer>).noSignal === true;
}
