import { describe, expect, it } from "vitest";
import { canHear, entitlementOf, playlistFor, tiersFor, type LibraryTrack } from "./playlists";

const library: LibraryTrack[] = [
  { title: "Slow Tide", file: "slow-tide.mp3", tier: "member", position: 3 },
  { title: "Still Water", file: "still-water.mp3", tier: "public", position: 0 },
  { title: "Soledad at Dusk", file: "soledad-dusk.mp3", tier: "member", position: 2 },
  { title: "Candle Hours", file: "candle-hours.mp3", tier: "friend", position: 1 },
];

describe("entitlementOf", () => {
  it("gives the full playlist to a member with music access and to staff", () => {
    expect(entitlementOf({ role: "member", hasMusicAccess: true })).toBe("member");
    expect(entitlementOf({ role: "admin" })).toBe("member");
    expect(entitlementOf({ role: "event-staff" })).toBe("member");
  });

  it("gives a member without access only the public track, unless they carry a friend pass", () => {
    expect(entitlementOf({ role: "member", hasMusicAccess: false })).toBe("public");
    expect(entitlementOf({ role: "member", hasFriendPass: true })).toBe("friend");
  });

  it("never gives a visitor member tracks, even if told of music access", () => {
    expect(entitlementOf({})).toBe("public");
    expect(entitlementOf({ hasMusicAccess: true })).toBe("public");
    expect(entitlementOf({ hasFriendPass: true })).toBe("friend");
  });
});

describe("playlists", () => {
  it("opens each tier together with those below it", () => {
    expect(tiersFor("public")).toEqual(["public"]);
    expect(tiersFor("friend")).toEqual(["public", "friend"]);
    expect(tiersFor("member")).toEqual(["public", "friend", "member"]);
    expect(canHear("friend", "member")).toBe(false);
    expect(canHear("member", "friend")).toBe(true);
  });

  it("lists 4 tracks for members, 2 for friends and 1 for everyone else, in listening order", () => {
    expect(playlistFor(library, "member").map((track) => track.file)).toEqual([
      "still-water.mp3",
      "candle-hours.mp3",
      "soledad-dusk.mp3",
      "slow-tide.mp3",
    ]);
    expect(playlistFor(library, "friend").map((track) => track.title)).toEqual(["Still Water", "Candle Hours"]);
    expect(playlistFor(library, "public").map((track) => track.title)).toEqual(["Still Water"]);
  });
});
