/** Ports of one browser-test run: the site, its session door, and the mail catcher's SMTP and HTTP sides. */
export const sitePort = Number(process.env.E2E_PORT ?? 4173);
/** Where the tests open sessions without an e-mail (support/session-door.js, inside the site's process). */
export const sessionDoorPort = sitePort + 1;
export const sessionDoorUrl = `http://127.0.0.1:${sessionDoorPort}`;
export const smtpPort = sitePort + 2;
export const mailApiPort = sitePort + 3;
/** The mail catcher's HTTP API, where the tests read the e-mails the site sent. */
export const mailApiUrl = `http://127.0.0.1:${mailApiPort}`;
/** The Stripe stand-in (tests/support/stripe-stand-in-server.ts): its API and its hosted checkout page. */
export const stripePort = sitePort + 4;
export const stripeUrl = `http://127.0.0.1:${stripePort}`;
/** The site under test. */
export const siteUrl = `http://127.0.0.1:${sitePort}`;
