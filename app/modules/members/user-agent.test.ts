import { describe, expect, it } from "vitest";
import { describeDevice, MAX_USER_AGENT_LENGTH, UNKNOWN_DEVICE } from "./user-agent";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
      "Chrome on iPad",
    ],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome on ChromeOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
      "Opera on Windows",
    ],
    ["curl/8.5.0", "curl"],
  ])("%s → %s", (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  // Issue 34: the header is the client's. How long these take is measured, not asserted: a
  // backtracking pattern took 2 s on 20,000 digits, so 100 KB would have held the server for minutes.
  const safariOnMac =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
  const hundredKilobytes = 100 * 1024;
  it.each([
    ["digits after Version/", `Version/${"1".repeat(hundredKilobytes)}`, UNKNOWN_DEVICE],
    ["Version/ over and over", "Version/1. ".repeat(hundredKilobytes / 11), UNKNOWN_DEVICE],
    ["a Safari/ beyond the first 512 characters", `Version/1${".".repeat(hundredKilobytes)}Safari/1`, UNKNOWN_DEVICE],
    ["a real agent padded to 100 KB", `${safariOnMac} ${"x".repeat(hundredKilobytes)}`, "Safari on macOS"],
    ["names hidden after 100 KB", `${"(".repeat(hundredKilobytes)}Chrome/126.0 Windows`, UNKNOWN_DEVICE],
  ])("reads only the start of a hostile 100 KB agent: %s", (_name, userAgent, expected) => {
    expect(userAgent.length).toBeGreaterThan(hundredKilobytes - 20);
    expect(describeDevice(userAgent)).toBe(expected);
  });

  it("still finds what the first 512 characters say", () => {
    const padded = `${"x".repeat(MAX_USER_AGENT_LENGTH - "Firefox/1 Linux".length)}Firefox/1 Linux`;
    expect(describeDevice(padded)).toBe("Firefox on Linux");
    expect(describeDevice(`x${padded}`)).toBe("Firefox");
  });

  it("names an unrecognised or missing agent plainly", () => {
    expect(describeDevice("node")).toBe(UNKNOWN_DEVICE);
    expect(describeDevice("")).toBe(UNKNOWN_DEVICE);
    expect(describeDevice(null)).toBe(UNKNOWN_DEVICE);
  });
});
