import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema, InvalidEnvironmentError, parseEnv } from "./env.server";
import { projectRoot } from "./project-root.server";

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.problems;
    throw error;
  }
  throw new Error("expected the environment to be rejected");
}

describe("parseEnv", () => {
  it("gives a working default configuration for a fresh machine", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.ADMIN_EMAILS).toEqual(["admin@harmonia.example"]);
    expect(env.SEED_DEMO_CONTENT).toBe(true);
  });

  it("seeds demo content by default on the embedded database only", () => {
    expect(parseEnv({}).SEED_DEMO_CONTENT).toBe(true);
    expect(parseEnv({ DATABASE_URL: "postgres://db.example/harmonia" }).SEED_DEMO_CONTENT).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://db.example/harmonia", SEED_DEMO_CONTENT: "true" }).SEED_DEMO_CONTENT).toBe(true);
    expect(parseEnv({ SEED_DEMO_CONTENT: "false" }).SEED_DEMO_CONTENT).toBe(false);
  });

  it("sends mail on 5 connections as fast as the server takes it, unless told otherwise", () => {
    expect(parseEnv({}).MAIL_MAX_CONNECTIONS).toBe(5);
    expect(parseEnv({}).MAIL_RATE_PER_SECOND).toBeUndefined();
    const paced = parseEnv({ MAIL_MAX_CONNECTIONS: "2", MAIL_RATE_PER_SECOND: "14" });
    expect([paced.MAIL_MAX_CONNECTIONS, paced.MAIL_RATE_PER_SECOND]).toEqual([2, 14]);
    expect(problemsOf({ MAIL_MAX_CONNECTIONS: "0" })[0]).toMatch(/^MAIL_MAX_CONNECTIONS: /);
    expect(problemsOf({ MAIL_MAX_CONNECTIONS: "2.5" })[0]).toMatch(/^MAIL_MAX_CONNECTIONS: must be a whole number/);
    expect(problemsOf({ MAIL_RATE_PER_SECOND: "-1" })[0]).toMatch(/^MAIL_RATE_PER_SECOND: must be more than 0/);
    expect(problemsOf({ MAIL_RATE_PER_SECOND: "fast" })[0]).toMatch(/^MAIL_RATE_PER_SECOND: /);
  });

  it("names the variable that has a wrong value", () => {
    expect(problemsOf({ PORT: "abc" })).toEqual([expect.stringMatching(/^PORT: /)]);
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT: must be between 1 and 65535/);
    expect(problemsOf({ DATABASE_URL: "mysql://x" })[0]).toMatch(/^DATABASE_URL: must be a postgres/);
    expect(problemsOf({ SMTP_URL: "mail.example.com" })[0]).toMatch(/^SMTP_URL: /);
    expect(problemsOf({ PUBLIC_URL: "localhost:3000" })[0]).toMatch(/^PUBLIC_URL: /);
    expect(problemsOf({ TRUST_PROXY: "maybe" })[0]).toBe(
      "TRUST_PROXY: must be true, false or the number of proxies in front of the server (0, 1, 2, …)",
    );
    expect(problemsOf({ TRUST_PROXY: "-1" })[0]).toMatch(/^TRUST_PROXY: must be true, false or the number/);
    expect(problemsOf({ TRUST_PROXY: "1.5" })[0]).toMatch(/^TRUST_PROXY: must be true, false or the number/);
    // The drain pause and the 8 s for open requests must fit the shutdown's 10 s.
    expect(problemsOf({ SHUTDOWN_DRAIN_SECONDS: "6" })[0]).toBe("SHUTDOWN_DRAIN_SECONDS: must be at most 5 (the shutdown has 10 s in all)");
    expect(problemsOf({ SHUTDOWN_DRAIN_SECONDS: "soon" })[0]).toMatch(/^SHUTDOWN_DRAIN_SECONDS: must be a number of seconds/);
    expect(parseEnv({ SHUTDOWN_DRAIN_SECONDS: "2" }).SHUTDOWN_DRAIN_SECONDS).toBe(2);
    expect(parseEnv({}).SHUTDOWN_DRAIN_SECONDS).toBe(0);
  });

  it("reports every wrong variable at once", () => {
    const problems = problemsOf({ PORT: "x", ADMIN_EMAILS: "boss@example.com, not-an-email" });
    expect(problems.map((problem) => problem.split(":")[0])).toEqual(["PORT", "ADMIN_EMAILS.1"]);
  });

  it("reads lists, flags and URLs", () => {
    const env = parseEnv({
      PORT: "8080",
      PUBLIC_URL: "https://harmonia.example/",
      ADMIN_EMAILS: " Elena@Harmonia.example ,ops@harmonia.example",
      TRUST_PROXY: "true",
      SEED_DEMO_CONTENT: "0",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
    });
    expect(env.PORT).toBe(8080);
    expect(env.PUBLIC_URL).toBe("https://harmonia.example");
    expect(env.ADMIN_EMAILS).toEqual(["elena@harmonia.example", "ops@harmonia.example"]);
    expect(env.TRUST_PROXY).toBe(1);
    expect(env.SEED_DEMO_CONTENT).toBe(false);
  });

  it("reads TRUST_PROXY as the number of proxies in front of the server", () => {
    const hops = (value?: string) => parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(hops()).toBe(0);
    for (const off of ["false", "no", "0", "FALSE"]) expect(hops(off)).toBe(0);
    for (const one of ["true", "yes", "1", "True"]) expect(hops(one)).toBe(1);
    expect(hops("2")).toBe(2);
    expect(hops(" 3 ")).toBe(3);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", SMTP_URL: " " }).PORT).toBe(3000);
  });

  it("reads one multiplier for every attempt limit, the deprecated alias only when it is unset", () => {
    expect(parseEnv({}).RATE_LIMIT_MULTIPLIER).toBe(1);
    expect(parseEnv({ AUTH_RATE_LIMIT_MULTIPLIER: "50" }).RATE_LIMIT_MULTIPLIER).toBe(50);
    const both = parseEnv({ RATE_LIMIT_MULTIPLIER: "20", AUTH_RATE_LIMIT_MULTIPLIER: "50" });
    expect(both.RATE_LIMIT_MULTIPLIER).toBe(20);
    expect(() => parseEnv({ RATE_LIMIT_MULTIPLIER: "0.5" })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });

  it("reads the seat budget per client, event and day (10 by default), its former name only when it is unset", () => {
    expect(parseEnv({}).SEATS_PER_CLIENT_PER_EVENT_PER_DAY).toBe(10);
    expect(parseEnv({ SEATS_PER_CLIENT_PER_EVENT_PER_DAY: "4" }).SEATS_PER_CLIENT_PER_EVENT_PER_DAY).toBe(4);
    expect(parseEnv({ SEATS_PER_CLIENT_PER_EVENT: "6" }).SEATS_PER_CLIENT_PER_EVENT_PER_DAY).toBe(6);
    expect(parseEnv({ SEATS_PER_CLIENT_PER_EVENT_PER_DAY: "4", SEATS_PER_CLIENT_PER_EVENT: "6" }).SEATS_PER_CLIENT_PER_EVENT_PER_DAY).toBe(4);
    expect(() => parseEnv({ SEATS_PER_CLIENT_PER_EVENT_PER_DAY: "0" })).toThrow(/SEATS_PER_CLIENT_PER_EVENT_PER_DAY: must be 1 or more/);
    expect(() => parseEnv({ SEATS_PER_CLIENT_PER_EVENT_PER_DAY: "2.5" })).toThrow(/SEATS_PER_CLIENT_PER_EVENT_PER_DAY: must be a whole number/);
  });
});

describe("staff quotas and SMS countries (issue 23)", () => {
  it("defaults to the venue's country and sane daily quotas", () => {
    const env = parseEnv({});
    expect(env.SMS_ALLOWED_COUNTRIES).toEqual(["US"]);
    expect(env.SMS_SINGLES_PER_STAFF_PER_DAY).toBe(30);
    expect(env.EVENT_MAILS_PER_STAFF_PER_DAY).toBe(2);
  });

  it("reads a comma-separated list of country codes, and stops at an unknown one naming the variable", () => {
    expect(parseEnv({ SMS_ALLOWED_COUNTRIES: " us, ca " }).SMS_ALLOWED_COUNTRIES).toEqual(["US", "CA"]);
    expect(() => parseEnv({ SMS_ALLOWED_COUNTRIES: "US,XX" })).toThrow(/SMS_ALLOWED_COUNTRIES: must be ISO country codes such as US,CA \(not XX\)/);
    expect(() => parseEnv({ EVENT_MAILS_PER_STAFF_PER_DAY: "0" })).toThrow(/EVENT_MAILS_PER_STAFF_PER_DAY: must be 1 or more/);
  });

  it("reads the deliverability settings, refusing a wrong bounce mailbox, address or topic", () => {
    const env = parseEnv({ BOUNCE_MAILBOX_URL: "imap://bounce:secret@127.0.0.1:1143/INBOX", MAIL_BOUNCE_ADDRESS: "bounces@example.org" });
    expect([env.BOUNCE_MAILBOX_URL, env.BOUNCE_POLL_SECONDS, env.BOUNCE_SOFT_LIMIT]).toEqual(["imap://bounce:secret@127.0.0.1:1143/INBOX", 60, 3]);
    expect(problemsOf({ BOUNCE_MAILBOX_URL: "https://mail.example.org/INBOX" })[0]).toMatch(/^BOUNCE_MAILBOX_URL: must be an imaps:\/\//);
    expect(problemsOf({ MAIL_BOUNCE_ADDRESS: "bounces" })[0]).toMatch(/^MAIL_BOUNCE_ADDRESS: must be an e-mail address/);
    expect(problemsOf({ SES_SNS_TOPIC_ARN: "my-topic" })[0]).toMatch(/^SES_SNS_TOPIC_ARN: must be an SNS topic ARN/);
    expect(problemsOf({ MAIL_EVENTS_SECRET: "short" })[0]).toMatch(/^MAIL_EVENTS_SECRET: must be at least 16 characters/);
  });
});

describe(".env.example", () => {
  const example = readFileSync(path.join(projectRoot(), ".env.example"), "utf8");
  /** The names it sets or shows commented out (`NAME=` or `# NAME=` at a line's start). */
  const documented = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));
  const settings = Object.keys(envSchema.shape);
  /** Node's own, and the deprecated former names, which .env.example mentions in its prose only. */
  const notShown = ["NODE_ENV", "AUTH_RATE_LIMIT_MULTIPLIER", "SEATS_PER_CLIENT_PER_EVENT"];

  it("documents every setting the server reads, and names none it does not", () => {
    expect(settings.filter((name) => !notShown.includes(name) && !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !settings.includes(name))).toEqual([]);
    for (const name of notShown.slice(1)) expect(example).toContain(name);
  });

  it("is a configuration the server accepts as it stands", () => {
    const set = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
    expect(() => parseEnv(set)).not.toThrow();
  });
});
