import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpSink } from "#tests/support/smtp-sink";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

const specRoutes = [
  "/", "/events", "/about", "/meditations", "/contact", "/program", "/harmonize", "/reserve", "/rsvp", "/vip",
  "/join", "/friend", "/welcome", "/profile", "/login", "/terms", "/privacy", "/invitation", "/reset-password",
];
/** Staff pages answer a visitor with the guard's 401 page. */
const staffRoutes = ["/admin", "/admin/communications", "/admin/eventreservations", "/admin/eventmanagement"];

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("the production server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "true", PUBLIC_URL: "https://harmonia.example" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("reports its health, including the database", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", queue: "ok" });
  });

  it("answers every route of the spec (members' pages by way of /login)", async () => {
    for (const route of specRoutes) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain("</html>");
    }
    // The setup page is admins' (docs/decisions/051): a visitor gets the staff pages' sign-in prompt.
    const setup = await fetch(`${server.url}/admin/setup`);
    expect(setup.status).toBe(401);
    expect(await setup.text()).toContain("Please log in to access this page.");
    for (const route of staffRoutes) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(401);
      expect(await response.text(), route).toContain("Please log in to access this page.");
    }
  });

  it("answers an unknown address with the styled 404 page", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This page could not be found");
  });

  it("sends a Content-Security-Policy whose nonce every inline script carries", async () => {
    const response = await fetch(`${server.url}/about`);
    const policy = response.headers.get("content-security-policy") ?? "";
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("lets only the staff area's pages use the camera and compile WebAssembly (the door scanner's QR reader)", async () => {
    const publicPage = await fetch(`${server.url}/about`);
    expect(publicPage.headers.get("permissions-policy")).toContain("camera=()");
    expect(publicPage.headers.get("content-security-policy")).not.toContain("wasm-unsafe-eval");
    const staffPage = await fetch(`${server.url}/admin/eventreservations`, { redirect: "manual" });
    expect(staffPage.headers.get("permissions-policy")).toContain("camera=(self)");
    const scripts = staffPage.headers.get("content-security-policy")?.split(";").find((directive) => directive.trim().startsWith("script-src"));
    expect(scripts).toContain("'wasm-unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it("paints a public page from its own bytes: the stylesheet inline with the nonce, the scripts fetched after the paint", async () => {
    const response = await fetch(`${server.url}/about`);
    const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    // The built stylesheet, whole, in a <style> the policy allows; no file the paint would wait for.
    expect(head).toMatch(new RegExp(`<style id="site-css" nonce="${nonce!.replace(/[+/=]/g, "\\$&")}">[^<]*tailwindcss`));
    expect(head).toContain("--color-amber");
    expect(head).not.toContain('rel="stylesheet"');
    // No script is fetched or run while the page is parsed: the boot script adds them after the paint.
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toMatch(/"\/assets\/framework-[\w-]+\.js"/);
    expect(html).toContain("PerformanceObserver");
  });

  it("sends HSTS only when the request came over HTTPS", async () => {
    const plain = await fetch(`${server.url}/`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const secure = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("compresses pages and lets browsers keep hashed assets for a year", async () => {
    const page = await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    // React DOM's chunk: every page loads it, and it is large enough to have compressed copies.
    const asset = html.match(/\/assets\/react-dom-[\w-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The build's own compressed copies (docs/decisions/071), whichever the browser accepts, each the same script.
    const script = await response.text();
    for (const encoding of ["br", "gzip"]) {
      const compressed = await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": encoding } });
      expect(compressed.headers.get("content-encoding"), encoding).toBe(encoding);
      expect(compressed.headers.get("cache-control"), encoding).toBe("public, max-age=31536000, immutable");
      expect(await compressed.text(), encoding).toBe(script);
    }
    const plain = await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it("serves the door's service worker under its stable name, asked again at every update check, and its manifest", async () => {
    const worker = await fetch(`${server.url}/check-in-sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toContain("javascript");
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const source = await worker.text();
    // serwist's precache list was written in: the built scripts, by their hashed names.
    expect(source).not.toContain("self.__SW_MANIFEST");
    expect(source).toMatch(/"\/assets\/framework-[\w-]+\.js"/);
    const manifest = await fetch(`${server.url}/door.webmanifest`);
    expect(manifest.status).toBe(200);
    const door = (await manifest.json()) as { name: string; start_url: string; scope: string; icons: { src: string }[] };
    expect(door).toMatchObject({ name: "Door check-in", start_url: "/admin/eventreservations/door", scope: "/admin/eventreservations/" });
    for (const icon of door.icons) expect((await fetch(`${server.url}${icon.src}`)).headers.get("content-type"), icon.src).toBe("image/png");
  });

  it("publishes robots.txt and a sitemap with canonical URLs", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://harmonia.example/sitemap.xml");
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of ["/about", "/meditations", "/harmonize", "/terms"]) {
      expect(xml).toContain(`<loc>https://harmonia.example${path}</loc>`);
    }
    const about = await (await fetch(`${server.url}/about`)).text();
    expect(about).toContain('<link rel="canonical" href="https://harmonia.example/about"');
    expect(about).toContain('property="og:title"');
  });

  it("validates newsletter sign-ups on the server and keeps what was typed", async () => {
    const invalid = await fetch(`${server.url}/newsletter`, form({ email: "ada@nowhere" }));
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain('value="ada@nowhere"');

    const notAForm = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(notAForm.status).toBe(400);

    const first = await fetch(`${server.url}/newsletter`, form({ email: "grace@example.com" }));
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Thank you for subscribing!");
    const repeat = await fetch(`${server.url}/newsletter`, form({ email: "Grace@Example.com" }));
    expect(repeat.status).toBe(200);
  });

  it("sends the footer's newsletter form posted before scripts back to its page, which shows the outcome once; never off the site", async () => {
    const posted = await fetch(`${server.url}/newsletter`, { ...form({ email: "footer-return@example.com", returnTo: "/meditations?category=sleep" }), redirect: "manual" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/meditations?category=sleep#footer-newsletter");
    const flash = posted.headers.get("set-cookie") ?? "";
    expect(flash).toMatch(/^harmonia\.footer_newsletter=[^;]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax; Secure$/);

    const back = await fetch(`${server.url}/meditations?category=sleep`, { headers: { Cookie: flash.split(";")[0]! } });
    expect(back.status).toBe(200);
    const footer = (await back.text()).split("<footer")[1] ?? "";
    expect(footer).toContain("Thank You!");
    expect(footer).toContain("Thank you for subscribing!");
    expect(back.headers.get("set-cookie")).toMatch(/^harmonia\.footer_newsletter=; Path=\/; Max-Age=0/);
    // The next page shows the footer as it always is.
    expect(((await (await fetch(`${server.url}/about`)).text()).split("<footer")[1] ?? "")).not.toContain("Thank You!");

    // An address the server refuses comes back with its message and the address as typed.
    const refused = await fetch(`${server.url}/newsletter`, { ...form({ email: "ada@nowhere", returnTo: "/about" }), redirect: "manual" });
    expect(refused.headers.get("location")).toBe("/about#footer-newsletter");
    const refusedFooter = (await (await fetch(`${server.url}/about`, { headers: { Cookie: (refused.headers.get("set-cookie") ?? "").split(";")[0]! } })).text()).split("<footer")[1] ?? "";
    expect(refusedFooter).toContain("Please enter a valid email address.");
    expect(refusedFooter).toContain('value="ada@nowhere"');

    // A return address that would leave the site is not followed: the newsletter page answers.
    for (const returnTo of ["//evil.example/", "https://evil.example/", "/\\evil.example", "/%2F%2Fevil.example", "javascript:alert(1)"]) {
      const answer = await fetch(`${server.url}/newsletter`, { ...form({ email: "ada@nowhere", returnTo }), redirect: "manual" });
      expect(answer.status, returnTo).toBe(400);
      expect(answer.headers.get("location"), returnTo).toBeNull();
      expect(await answer.text(), returnTo).toContain('value="ada@nowhere"');
    }
    // A cookie that is not ours to read is cleared and shows nothing.
    const forged = await fetch(`${server.url}/about`, { headers: { Cookie: "harmonia.footer_newsletter=%3Cscript%3E" } });
    expect((await forged.text()).split("<footer")[1]).not.toContain("<script>");
    expect(forged.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("answers the launch waitlist with the spec's texts; a repeat is a success", async () => {
    const invalid = await fetch(`${server.url}/waitlist`, form({ email: "someone@localhost", source: "home" }));
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("There was an error. Please try again.");
    expect(html).toContain('value="someone@localhost"');

    const success = /Thank you! You(&#x27;|')re on the list\./;
    const first = await fetch(`${server.url}/waitlist`, form({ email: "launch@example.com", source: "home" }));
    expect(first.status).toBe(200);
    expect(await first.text()).toMatch(success);
    const repeat = await fetch(`${server.url}/waitlist`, form({ email: "Launch@Example.com", source: "home" }));
    expect(repeat.status).toBe(200);
    expect(await repeat.text()).toMatch(success);
  });

  it("refuses a form posted from another site", async () => {
    const response = await fetch(`${server.url}/newsletter`, {
      ...form({ email: "cross-site@example.com" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    const sameSite = await fetch(`${server.url}/newsletter`, {
      ...form({ email: "same-site@example.com" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://harmonia.example" },
      redirect: "manual",
    });
    expect(sameSite.status).not.toBe(403);
  });

  it("shows written e-mails in the dev mailbox to this machine only", async () => {
    await fetch(`${server.url}/newsletter`, form({ email: "mailbox-reader@example.com" }));
    const mailbox = await waitFor(async () => {
      const html = await (await fetch(`${server.url}/dev/mailbox`)).text();
      return html.includes("mailbox-reader@example.com") ? html : undefined;
    });
    expect(mailbox).toContain("Welcome to the Harmonia newsletter");
    const messagePath = mailbox.match(/href="(\/dev\/mailbox\/[0-9a-f-]{36})"/)?.[1];
    const htmlPart = await fetch(`${server.url}${messagePath}/html`);
    expect(htmlPart.status).toBe(200);
    expect(htmlPart.headers.get("content-security-policy")).toContain("default-src 'none'");
    // Its links open in a new tab, so the e-mail's own links can be followed from the preview.
    expect(await htmlPart.text()).toMatch(/<head[^>]*><base target="_blank">/i);
    const framing = await (await fetch(`${server.url}${messagePath}`)).text();
    expect(framing).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');

    const remote = await fetch(`${server.url}/dev/mailbox`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(remote.status).toBe(404);
  });

  it("treats a request relayed by an untrusted proxy as remote, and stops cleanly on SIGTERM", async () => {
    const extra = await startTestServer({ TRUST_PROXY: "false" });
    expect((await fetch(`${extra.url}/dev/mailbox`)).status).toBe(200);
    const relayed = await fetch(`${extra.url}/dev/mailbox`, { headers: { "X-Forwarded-For": "198.51.100.7" } });
    expect(relayed.status).toBe(404);
    expect(await extra.stop()).toBe(0);
    expect(extra.output()).toContain("SIGTERM");
  });
});

describe("the production server with SMTP configured", () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    server = await startTestServer({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  it("delivers the newsletter welcome over SMTP, once", async () => {
    const email = `smtp-reader-${Date.now()}@example.com`;
    await fetch(`${server.url}/newsletter`, form({ email }));
    await fetch(`${server.url}/newsletter`, form({ email }));
    const mail = await waitFor(() => sink.received.find((received) => received.to.includes(email)));
    expect(mail.subject).toBe("Welcome to the Harmonia newsletter");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.received.filter((received) => received.to.includes(email))).toHaveLength(1);
  });

  it("hides the dev mailbox when real mail is configured", async () => {
    expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(404);
  });
});
