/**
 * Builders for community rows, shared by the demo seed and the tests so both describe the same
 * kind of people. Each call gives a fresh, unique e-mail unless one is passed.
 */
let sequence = 0;

export function uniqueEmail(prefix = "guest"): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}@example.com`;
}

export function buildNewsletterSubscriber(overrides: { email?: string } = {}) {
  return { email: overrides.email ?? uniqueEmail("reader") };
}

export function buildWaitlistEntry(overrides: { email?: string; source?: string; plan?: string } = {}) {
  return {
    email: overrides.email ?? uniqueEmail("listener"),
    source: overrides.source ?? "meditations",
    plan: overrides.plan ?? null,
  };
}

/**
 * A community sign-up as the form submits it: Terms ticked (sending it is the e-mail consent), and
 * texts ticked when a phone is given (it can be left unticked).
 */
export function buildCommunitySignup(
  overrides: Partial<{ name: string; email: string; phone: string; interest: string; source: string; texts: boolean }> = {},
) {
  return {
    name: overrides.name ?? "Ada Lovelace",
    email: overrides.email ?? uniqueEmail("joiner"),
    ...(overrides.phone ? { phone: overrides.phone } : {}),
    interest: overrides.interest ?? "candlelight-yoga",
    consent: "on",
    ...((overrides.texts ?? Boolean(overrides.phone)) ? { smsConsent: "on" } : {}),
    ...(overrides.source ? { source: overrides.source } : {}),
  };
}
