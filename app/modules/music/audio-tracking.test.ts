import { describe, expect, it } from "vitest";
import { anonymousSessionIdPattern, attributionFromQuery, buildTrackingPayload, newAnonymousSessionId } from "./audio-tracking";
import { trackAudioPayloadSchema } from "./track-audio-schema";

const track = { src: "/media/audio/still-water.mp3", title: "Still Water" };

describe("the listening-analytics payload", () => {
  it("identifies a visitor by the anonymous session only", () => {
    const payload = buildTrackingPayload(
      { user: null, anonymousSessionId: "anon_1763762400000_abc123defg", rid: "r1", campaign: "c1" },
      { action: "play", track, position: 12.3456, duration: 184.321 },
    );
    expect(payload).toEqual({
      userEmail: null,
      userId: null,
      trackSrc: track.src,
      trackTitle: track.title,
      action: "play",
      position: 12.346,
      duration: 184.321,
      rid: "r1",
      campaign: "c1",
      anonymousSessionId: "anon_1763762400000_abc123defg",
    });
  });

  it("identifies a member by e-mail and id and sends no anonymous session", () => {
    const payload = buildTrackingPayload(
      { user: { email: "ada@example.com", id: "u-1" }, anonymousSessionId: "anon_1763762400000_abc123defg" },
      { action: "ended", track, position: 184, duration: 184 },
    );
    expect(payload).toMatchObject({ userEmail: "ada@example.com", userId: "u-1", anonymousSessionId: null, rid: null, campaign: null });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1])("leaves out a duration of %s", (duration) => {
    const payload = buildTrackingPayload({ user: null }, { action: "pause", track, position: 3, duration });
    expect("duration" in payload).toBe(false);
  });

  it("reports a position the browser cannot tell as 0", () => {
    expect(buildTrackingPayload({ user: null }, { action: "play", track, position: Number.NaN, duration: 10 }).position).toBe(0);
  });

  it("is what the endpoint accepts", () => {
    const payload = buildTrackingPayload(
      { user: null, anonymousSessionId: newAnonymousSessionId() },
      { action: "play", track, position: 0, duration: Number.NaN },
    );
    expect(trackAudioPayloadSchema.safeParse(payload).success).toBe(true);
  });
});

describe("anonymous session ids", () => {
  it("are 'anon_' + the time + a random suffix", () => {
    const id = newAnonymousSessionId(1763762400000, () => 0.5);
    expect(id).toBe("anon_1763762400000_iiiiiiiiii");
    expect(anonymousSessionIdPattern.test(newAnonymousSessionId())).toBe(true);
  });

  it("differ between sessions", () => {
    expect(newAnonymousSessionId()).not.toBe(newAnonymousSessionId());
  });
});

describe("attribution from a link", () => {
  it("reads rid and campaign", () => {
    expect(attributionFromQuery("?rid=abc&campaign=spring")).toEqual({ rid: "abc", campaign: "spring" });
  });
  it("ignores empty and over-long values", () => {
    expect(attributionFromQuery("?rid=&campaign=" + "x".repeat(200))).toEqual({});
    expect(attributionFromQuery("")).toEqual({});
  });
});
