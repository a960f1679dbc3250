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

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form (how a dual-stack socket reports them). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.replace(/^::ffff:/i, "");
  if (isIP(ipv4) === 4) return ipv4.startsWith("127.");
  return address === "::1" || address === "0:0:0:0:0:0:0:1";
}
