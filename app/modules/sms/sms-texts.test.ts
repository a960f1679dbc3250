import { describe, expect, it } from "vitest";
import { inboundKeyword, personaliseSms, smsMonthOf, toE164 } from "./sms-texts";

const venue = "America/Los_Angeles";

describe("toE164", () => {
  it("reads US numbers without a country code and keeps international ones", () => {
    expect(toE164("(619) 555-0123")).toBe("+16195550123");
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
  });
  it("refuses what is not a phone number", () => {
    expect(toE164("123")).toBeNull();
    expect(toE164("call me")).toBeNull();
  });
});

describe("personaliseSms", () => {
  it("puts the first name in place of {name}, 'friend' without one, and the opt-out line at the end", () => {
    expect(personaliseSms("Hi {name}, see you tonight", "Maya Lopez")).toBe("Hi Maya, see you tonight\nReply STOP to opt out");
    expect(personaliseSms("Hi {name}", "  ")).toBe("Hi friend\nReply STOP to opt out");
  });
  it("does not add the opt-out line twice", () => {
    expect(personaliseSms("Hi {name}. Reply STOP to opt out", null)).toBe("Hi friend. Reply STOP to opt out");
  });
  it("keeps `$'`, `$&` and `` $` `` in a name as typed, never expanding them (issue 23)", () => {
    // As long as a first name may be (greetingName): a longer one is 'friend'.
    const name = "$'$&$`".repeat(6);
    expect(personaliseSms("Hi {name}, see you tonight", name)).toBe(`Hi ${name}, see you tonight\nReply STOP to opt out`);
  });
  it.each(["http://evil.example", "evil.com", "a@b.co"])("never puts a link in a text: a first name %s becomes 'friend' (issue 34)", (name) => {
    expect(personaliseSms("Hi {name}, see you tonight", name)).toBe("Hi friend, see you tonight\nReply STOP to opt out");
    expect(personaliseSms("Hi {name}", `${name} Lovelace`)).toBe("Hi friend\nReply STOP to opt out");
  });
});

describe("inboundKeyword", () => {
  it.each(["STOP", "stop", " Stop. ", "STOPALL", "unsubscribe", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"])("%s opts out", (body) => {
    expect(inboundKeyword(body)).toBe("stop");
  });
  it.each(["START", "yes", "UNSTOP"])("%s opts back in", (body) => expect(inboundKeyword(body)).toBe("start"));
  it.each(["HELP", "info"])("%s asks for help", (body) => expect(inboundKeyword(body)).toBe("help"));
  it("ignores sentences and trusts Twilio's OptOutType", () => {
    expect(inboundKeyword("please stop by tomorrow")).toBeNull();
    expect(inboundKeyword("arrêt", "STOP")).toBe("stop");
  });
});

describe("months and sending hours in the venue's time zone", () => {
  it("counts a text by the venue's calendar month", () => {
    // 02:00 UTC on 1 December is still 30 November in California.
    expect(smsMonthOf(new Date("2026-12-01T02:00:00Z"), venue)).toBe("2026-11");
    expect(smsMonthOf(new Date("2026-12-01T09:00:00Z"), venue)).toBe("2026-12");
  });
});
