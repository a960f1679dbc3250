/**
 * A readable name for the device behind a session, e.g. "Chrome on Windows", from its User-Agent
 * header. Deliberately small: members only need to recognise their own devices.
 *
 * The header is whatever the client sent, so only its first `MAX_USER_AGENT_LENGTH` characters are
 * read (real ones are 100 to 300 long; every name below sits in them), and no test can backtrack:
 * literal words only, and Safari's "Version/… Safari/" as two searches in a row. The regular
 * expression it replaced ("Version/[\d.]+.*Safari/") took 2 s on 20,000 digits (issue 34).
 */
export const MAX_USER_AGENT_LENGTH = 512;

type Test = (userAgent: string) => boolean;
const has =
  (...words: string[]): Test =>
  (userAgent) =>
    words.some((word) => userAgent.includes(word));

/** Safari says "Version/17.5 … Safari/605.1.15"; Chrome on iOS and others say Safari/ without a Version/. */
const isSafari: Test = (userAgent) => {
  const version = userAgent.search(/Version\/\d/);
  return version >= 0 && userAgent.includes("Safari/", version);
};

// Order matters: Edge, Opera and Samsung Internet also call themselves Chrome and Safari.
const browsers: ReadonlyArray<[Test, string]> = [
  [has("Edg/", "Edge/", "EdgA/", "EdgiOS/"), "Edge"],
  [has("OPR/", "Opera"), "Opera"],
  [has("SamsungBrowser/"), "Samsung Internet"],
  [has("Firefox/", "FxiOS/"), "Firefox"],
  [has("Chrome/", "CriOS/", "Chromium/"), "Chrome"],
  [isSafari, "Safari"],
  [(userAgent) => userAgent.startsWith("curl/"), "curl"],
];

const systems: ReadonlyArray<[Test, string]> = [
  [has("iPhone"), "iPhone"],
  [has("iPad"), "iPad"],
  [has("Android"), "Android"],
  [has("Windows"), "Windows"],
  [has("CrOS"), "ChromeOS"],
  [has("Macintosh", "Mac OS X"), "macOS"],
  [has("Linux"), "Linux"],
];

export const UNKNOWN_DEVICE = "Unknown device";

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const text = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  const browser = browsers.find(([test]) => test(text))?.[1];
  const system = systems.find(([test]) => test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
