/** Ports of one browser-test run: the site, and the mail catcher's SMTP and HTTP sides. */
export const sitePort = Number(process.env.E2E_PORT ?? 4173);
export const smtpPort = sitePort + 2;
export const mailApiPort = sitePort + 3;
/** The mail catcher's HTTP API, where the tests read the e-mails the site sent. */
export const mailApiUrl = `http://127.0.0.1:${mailApiPort}`;
/** The site under test. */
export const siteUrl = `http://127.0.0.1:${sitePort}`;
