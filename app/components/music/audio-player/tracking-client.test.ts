import { afterEach, describe, expect, it, vi } from "vitest";
import { anonymousSessionIdPattern } from "#app/modules/music/audio-tracking";
import { playerStorageKeys, type StorageLike } from "./player-state";
import { rememberAttribution } from "./player-state";
import { anonymousSessionId, trackAudio } from "./tracking-client";

function memoryStorage(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const event = { action: "play" as const, track: { title: "Still Water", src: "/media/audio/still-water.mp3" }, position: 3, duration: Number.NaN };

afterEach(() => vi.unstubAllGlobals());

describe("the tracking client", () => {
  it("keeps the link's rid and campaign, and leaves them alone when a later address has none", () => {
    const storage = memoryStorage();
    rememberAttribution(storage, "?rid=inv-1&campaign=spring");
    rememberAttribution(storage, "?page=2");
    expect(storage.items.get(playerStorageKeys.rid)).toBe("inv-1");
    expect(storage.items.get(playerStorageKeys.campaign)).toBe("spring");
  });

  it("makes the anonymous session once and keeps it", () => {
    const storage = memoryStorage();
    const first = anonymousSessionId(storage);
    expect(first).toMatch(anonymousSessionIdPattern);
    expect(anonymousSessionId(storage)).toBe(first);
    expect(storage.items.get(playerStorageKeys.anonymousSession)).toBe(first);
  });

  it("posts the payload as same-origin JSON with keepalive, and ignores a failure", () => {
    const storage = memoryStorage();
    rememberAttribution(storage, "?rid=inv-9");
    const fetch = vi.fn().mockRejectedValue(new TypeError("offline"));
    vi.stubGlobal("fetch", fetch);
    expect(() => trackAudio(storage, null, event)).not.toThrow();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/trackAudio");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", keepalive: true });
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({ action: "play", trackTitle: "Still Water", position: 3, rid: "inv-9", campaign: null, userEmail: null });
    expect(body).not.toHaveProperty("duration");
    expect(body.anonymousSessionId).toMatch(anonymousSessionIdPattern);
  });

  it("identifies a member by e-mail and id, without an anonymous session", () => {
    const fetch = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    trackAudio(memoryStorage(), { email: "ana@example.com", id: "user-1" }, { ...event, action: "pause", duration: 61.5 });
    const body = JSON.parse((fetch.mock.calls[0] as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ userEmail: "ana@example.com", userId: "user-1", anonymousSessionId: null, duration: 61.5 });
  });
});
