/**
 * Starts this instance's text sender at once after a text is queued. The composition root
 * (server/runtime.ts) makes it from the sender and hands it to routes (the request context's
 * `wake.texts`) and to the jobs it builds; use cases take it as an argument. The sender's wake
 * only schedules a pass, so it cannot fail.
 */
export type TextWake = () => void;

/** For scripts and tests with no sender: the queued text waits for the next sweep (every minute). */
export const noTextWake: TextWake = () => undefined;
