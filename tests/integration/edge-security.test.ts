import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * What the server refuses at its entry, before any page or endpoint runs: oversized bodies (413),
 * foreign host names (421) and origins (403), forwarded addresses it must not believe, and
 * clients that dribble their request. Requests go through node:http so that Host and
 * Transfer-Encoding are exactly what a hostile client would send.
 */

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

function request(server: TestServer, { method = "GET", path, headers = {}, body }: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${server.url}${path}`, { method, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const hostOf = (server: TestServer) => new URL(server.url).host;
const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { "Content-Type": "application/x-www-form-urlencoded" };

describe("the server's entry, on a machine of its own (PUBLIC_URL on localhost, no proxy)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO_CONTENT: "false" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("request bodies", () => {
    it("refuses a form over 1 MB with 413 by its Content-Length, and takes a normal one", async () => {
      const huge = formBody({ email: "big@example.com", padding: "x".repeat(1024 * 1024) });
      const refused = await request(server, { method: "POST", path: "/newsletter", headers: formHeaders, body: huge });
      expect(refused.status).toBe(413);
      expect(refused.body).toBe("This request is too large: the limit is 1 MB.");

      const normal = await request(server, {
        method: "POST",
        path: "/newsletter",
        headers: { ...formHeaders, Origin: server.url },
        body: formBody({ email: "normal-size@example.com" }),
      });
      expect(normal.status).toBe(200);
      expect(normal.body).toContain("Thank you for subscribing!");
    });

    it("cuts off a chunked JSON body without Content-Length at 64 KB, before it ends", async () => {
      // The body never ends: only a server that stops reading at the limit can answer at all. Over a
      // raw socket, so a write that fails because the server has answered and closed (EPIPE, a reset)
      // does not hide the answer it sent.
      const answer = await new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
        let sentBytes = 0;
        let received = "";
        const target = new URL(server.url);
        const socket = net.connect(Number(target.port), "127.0.0.1");
        const chunk = `"${"x".repeat(16 * 1024 - 2)}"`;
        const framed = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
        let pump: NodeJS.Timeout | undefined;
        const finish = () => {
          clearInterval(pump);
          const headEnd = received.indexOf("\r\n\r\n");
          if (headEnd < 0) return reject(new Error(`no answer after ${sentBytes} bytes`));
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
          const head = received.slice(0, headEnd);
          let body = received.slice(headEnd + 4);
          if (/transfer-encoding: chunked/i.test(head)) body = body.replace(/^[0-9a-f]+\r\n/i, "").replace(/\r\n0\r\n\r\n$/, "").replace(/\r\n$/, "");
          resolve({ status, body, sentBytes });
        };
        socket.setEncoding("utf8");
        socket.on("data", (part: string) => {
          received += part;
          const headEnd = received.indexOf("\r\n\r\n");
          const length = /content-length: (\d+)/i.exec(received.slice(0, Math.max(0, headEnd)))?.[1];
          if (headEnd >= 0 && length && Buffer.byteLength(received.slice(headEnd + 4)) >= Number(length)) {
            finish();
            socket.destroy();
          }
        });
        // A write after the server closed fails; what it answered is read on close.
        socket.on("error", () => undefined);
        socket.on("close", finish);
        socket.on("connect", () => {
          socket.write(
            `POST /api/auth/sign-in/magic-link HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nOrigin: ${server.url}\r\n\r\n`,
          );
          socket.write(framed("["));
          pump = setInterval(() => {
            if (sentBytes > 32 * 1024 * 1024 || socket.destroyed) {
              clearInterval(pump);
              socket.destroy();
              return;
            }
            socket.write(framed(chunk));
            sentBytes += chunk.length;
          }, 5);
        });
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ error: "This request is too large: the limit is 64 KB." });
      expect(answer.sentBytes).toBeLessThan(32 * 1024 * 1024);
    });

    it("still reads a chunked JSON body under the limit", async () => {
      const answer = await new Promise<RawResponse>((resolve, reject) => {
        const outgoing = http.request(
          `${server.url}/api/auth/sign-in/magic-link`,
          {
            method: "POST",
            headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked", Origin: server.url },
            agent: false,
          },
          (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (part: string) => (text += part));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
          },
        );
        outgoing.on("error", reject);
        outgoing.write('{"email":"chunked-reader@example.com",');
        outgoing.end('"callbackURL":"/welcome"}');
      });
      // Read whole and handled: a sign-in link is on its way, not a refused body.
      expect(answer.status).toBe(200);
    });
  });

  describe("host names and origins", () => {
    it("answers 421 to a host name that is neither the public one nor loopback", async () => {
      for (const path of ["/", "/dev/mailbox"]) {
        const misdirected = await request(server, { path, headers: { Host: "rebind.evil.example" } });
        expect(misdirected.status, path).toBe(421);
        expect(misdirected.body, path).toBe("This server does not answer for that host name.");
      }
      const api = await request(server, { path: "/api/auth/get-session", headers: { Host: "rebind.evil.example:3000" } });
      expect(api.status).toBe(421);
      expect(JSON.parse(api.body)).toEqual({ error: "This server does not answer for that host name." });
    });

    it("still answers the health and readiness probes under any host name", async () => {
      const health = await request(server, { path: "/healthz", headers: { Host: "10.1.2.3:3000" } });
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: "ok" });
      // Caddy's active health check names the upstream's address, not the site (deploy/Caddyfile).
      const readiness = await request(server, { path: "/readyz", headers: { Host: "10.0.0.7:4381" } });
      expect(readiness.status).toBe(200);
      expect(JSON.parse(readiness.body)).toEqual({ ready: true });
    });

    it("refuses a form whose Host and Origin both name another site", async () => {
      const posted = await request(server, {
        method: "POST",
        path: "/newsletter",
        headers: { ...formHeaders, Host: "rebind.evil.example", Origin: "http://rebind.evil.example" },
        body: formBody({ email: "rebound@example.com" }),
      });
      expect(posted.status).toBe(421);
    });

    it("takes forms from PUBLIC_URL's origin and from the loopback host the browser opened", async () => {
      const publicOrigin = `http://localhost:${new URL(server.url).port}`;
      for (const origin of [publicOrigin, server.url]) {
        const posted = await request(server, {
          method: "POST",
          path: "/newsletter",
          headers: { ...formHeaders, Origin: origin, Host: new URL(origin).host },
          body: formBody({ email: `origin-${new URL(origin).hostname}@example.com` }),
        });
        expect(posted.status, origin).toBe(200);
      }
      const otherPort = await request(server, {
        method: "POST",
        path: "/newsletter",
        headers: { ...formHeaders, Origin: "http://127.0.0.1:1" },
        body: formBody({ email: "other-port@example.com" }),
      });
      expect(otherPort.status).toBe(403);
    });

    it("opens the dev mailbox to a loopback host name only, and never to a forwarded request", async () => {
      expect((await request(server, { path: "/dev/mailbox" })).status).toBe(200);
      expect((await request(server, { path: "/dev/mailbox", headers: { Host: `localhost:${new URL(server.url).port}` } })).status).toBe(200);
      for (const header of ["X-Forwarded-For", "Forwarded"]) {
        const value = header === "Forwarded" ? "for=127.0.0.1" : "127.0.0.1";
        expect((await request(server, { path: "/dev/mailbox", headers: { [header]: value } })).status, header).toBe(404);
      }
    });
  });

  describe("slow clients", () => {
    it("closes a connection whose headers arrive a byte a second, well before a minute", async () => {
      const port = Number(new URL(server.url).port);
      const started = Date.now();
      const outcome = await new Promise<{ closed: boolean; answer: string }>((resolve) => {
        const socket = net.connect(port, "127.0.0.1");
        let answer = "";
        let dribble: NodeJS.Timeout | undefined;
        // Bounded wait: the test decides within 25 s, not when the server finally gives up.
        const giveUp = setTimeout(() => finish(false), 25_000);
        function finish(closed: boolean) {
          clearInterval(dribble);
          clearTimeout(giveUp);
          socket.destroy();
          resolve({ closed, answer });
        }
        socket.setEncoding("utf8");
        socket.on("data", (chunk: string) => (answer += chunk));
        socket.on("close", () => finish(true));
        socket.on("error", () => finish(true));
        socket.on("connect", () => {
          socket.write(`GET / HTTP/1.1\r\nHost: ${hostOf(server)}\r\nX-Slow: `);
          dribble = setInterval(() => socket.write("a"), 1_000);
        });
      });
      expect(outcome.closed).toBe(true);
      expect(Date.now() - started).toBeLessThan(25_000);
      if (outcome.answer) expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
    }, 30_000);
  });
});

describe("the server's entry behind a proxy at a public address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "true", PUBLIC_URL: "https://harmonia.example", SEED_DEMO_CONTENT: "false" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("never lets a client-written X-Forwarded-For entry open the dev mailbox", async () => {
    for (const forwardedFor of ["127.0.0.1, 203.0.113.9", "127.0.0.1"]) {
      const response = await request(server, { path: "/dev/mailbox", headers: { "X-Forwarded-For": forwardedFor } });
      expect(response.status, forwardedFor).toBe(404);
    }
  });

  it("keeps the dev mailbox from a request naming the public host, even from this machine", async () => {
    expect((await request(server, { path: "/dev/mailbox" })).status).toBe(200);
    expect((await request(server, { path: "/dev/mailbox", headers: { Host: "harmonia.example" } })).status).toBe(404);
  });

  it("counts a client by the entry the proxy appended, so rotating the left-most one escapes no limit", async () => {
    // Password-reset requests: 10 per client address per hour.
    const ask = (i: number) =>
      request(server, {
        method: "POST",
        path: "/login",
        headers: { ...formHeaders, "X-Forwarded-For": `198.51.100.${i}, 203.0.113.9` },
        body: formBody({ intent: "forgot", email: `rotating-${i}@example.com` }),
      });
    for (let i = 1; i <= 10; i += 1) expect((await ask(i)).status, `request ${i}`).toBe(200);
    const refused = await ask(11);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
  });

  it("takes forms from PUBLIC_URL's origin only: not from the host the request names", async () => {
    const post = (headers: Record<string, string>) =>
      request(server, { method: "POST", path: "/newsletter", headers: { ...formHeaders, ...headers }, body: formBody({ email: "origin@example.com" }) });
    expect((await post({ Origin: "https://harmonia.example", Host: "harmonia.example" })).status).toBe(200);
    expect((await post({ Origin: server.url })).status).toBe(403);
    expect((await post({ Origin: "https://rebind.evil.example", Host: "rebind.evil.example" })).status).toBe(421);
  });
});

describe("the server's entry behind two proxies (TRUST_PROXY=2)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "2", SEED_DEMO_CONTENT: "false" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("counts a client by the second entry from the right", async () => {
    // The left-most entry (the client's) and the right-most (the inner proxy's view of the
    // outer one) change with every request; only the outer proxy's record of the client stays.
    const ask = (i: number) =>
      request(server, {
        method: "POST",
        path: "/login",
        headers: { ...formHeaders, "X-Forwarded-For": `198.51.100.${i}, 203.0.113.20, 10.0.0.${i}` },
        body: formBody({ intent: "forgot", email: `two-hops-${i}@example.com` }),
      });
    for (let i = 1; i <= 10; i += 1) expect((await ask(i)).status, `request ${i}`).toBe(200);
    expect((await ask(11)).status).toBe(429);
  });
});
