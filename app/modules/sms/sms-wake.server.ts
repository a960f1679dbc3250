import { slot } from "#app/lib/singleton.server";

/**
 * Starts this instance's text sender at once after a text is queued (the composition root
 * registers it). Without one (a script, a test without a runtime) the text waits for the sweep.
 */
const current = slot<() => void>("sms-wake");

export function registerSmsWake(wake: (() => void) | undefined): void {
  current.current = wake;
}

export function wakeTexts(): void {
  current.current?.();
}
