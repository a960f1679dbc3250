import { isIP } from "node:net";

/**
 * The entry a chain of `trustedHops` proxies vouches for in a comma-separated forwarding list
 * (X-Forwarded-For, X-Forwarded-Proto): each proxy appends what it saw, so the N-th entry from
 * the right was written by the outermost trusted proxy. Everything left of it came from the
 * client, who can write anything there. A shorter list (fewer proxies than configured) yields
 * its left-most entry, which a proxy still wrote. Undefined when nothing is trusted or listed.
 */
export function trustedForwardedEntry(list: string | undefined, trustedHops: number): string | undefined {
  if (trustedHops < 1 || !list) return undefined;
  const entries = list.split(",").map((entry) => entry.trim());
  const entry = entries[Math.max(0, entries.length - trustedHops)];
  return entry || undefined;
}

/** An address as proxies write it (`203.0.113.9`, `203.0.113.9:4711`, `[2001:db8::1]:443`), bare. */
function bareAddress(entry: string): string | undefined {
  const bracketed = entry.match(/^\[([^\]]+)\](?::\d+)?$/);
  const candidate = bracketed?.[1] ?? entry.replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, "$1");
  return isIP(candidate) ? candidate : undefined;
}

/**
 * The client's address: what the trusted proxies recorded when `trustedHops` > 0, else the
 * connection's own address. An entry that is no address (a proxy's `unknown`) falls back to the
 * connection, so it can never become a shared key an attacker picks.
 */
export function clientAddress(options: {
  forwardedFor: string | undefined;
  connectionAddress: string | undefined;
  trustedHops: number;
}): string {
  const forwarded = trustedForwardedEntry(options.forwardedFor, options.trustedHops);
  const address = forwarded === undefined ? undefined : bareAddress(forwarded);
  return address ?? options.connectionAddress ?? "unknown";
}

/** The eight 16-bit groups of an IPv6 address (also one ending in dotted IPv4), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const dotted = text.match(/^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (dotted) {
    const [a, b, c, d] = dotted[2]!.split(".").map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key every per-client limit counts under: an IPv4 address as it is (also when a dual-stack
 * socket reports it as `::ffff:a.b.c.d`), an IPv6 address as its /64. One subscriber gets a whole
 * /64 (and picks any address in it at will), so counting single IPv6 addresses would give one
 * client 2^64 allowances. Anything else (`unknown`) is its own key.
 */
export function clientRateLimitKey(address: string): string {
  const mapped = address.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  const groups = ipv6Groups(address.replace(/%.*$/, ""));
  if (!groups) return address;
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form (how a dual-stack socket reports them). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.replace(/^::ffff:/i, "");
  if (isIP(ipv4) === 4) return ipv4.startsWith("127.");
  return address === "::1" || address === "0:0:0:0:0:0:0:1";
}
