import { linkIn, type SmtpSink, waitForMail } from "./smtp-sink";

/**
 * Signs in over plain HTTP the way a member does: asks for a sign-in link, takes it from the
 * e-mail that reached the SMTP sink, posts its token to /login/link. Returns the Cookie header.
 */
export async function signInOverHttp(baseUrl: string, sink: SmtpSink, email: string): Promise<string> {
  const before = sink.received.filter((mail) => mail.to.some((address) => address.toLowerCase() === email.toLowerCase())).length;
  const asked = await fetch(`${baseUrl}/api/auth/sign-in/magic-link`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, callbackURL: "/welcome" }),
  });
  if (!asked.ok) throw new Error(`Asking for a sign-in link failed: ${asked.status} ${await asked.text()}`);
  const link = new URL(linkIn(await waitForMail(sink, email, before), "/login/link?"));
  const signedIn = await fetch(`${baseUrl}/login/link`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ token: link.searchParams.get("token") ?? "", next: "/welcome" }),
  });
  const cookie = signedIn.headers.getSetCookie().find((value) => value.startsWith("harmonia.session_token="));
  if (!cookie) throw new Error(`Signing in with the link failed: ${signedIn.status}`);
  return cookie.split(";")[0]!;
}
