import { describe, expect, it } from "vitest";
import { clientAddress, clientRateLimitKey, isLoopbackAddress, trustedForwardedEntry } from "./client-address";

describe("trustedForwardedEntry", () => {
  it("ignores the list when no proxy is trusted", () => {
    expect(trustedForwardedEntry("203.0.113.9", 0)).toBeUndefined();
  });

  it("takes the N-th entry from the right: what the outermost trusted proxy appended", () => {
    expect(trustedForwardedEntry("127.0.0.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(trustedForwardedEntry("127.0.0.1, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(trustedForwardedEntry("https", 1)).toBe("https");
  });

  it("gives the left-most entry of a list shorter than the chain of proxies", () => {
    expect(trustedForwardedEntry("203.0.113.9", 3)).toBe("203.0.113.9");
  });

  it("gives nothing for an absent or empty entry", () => {
    expect(trustedForwardedEntry(undefined, 1)).toBeUndefined();
    expect(trustedForwardedEntry("203.0.113.9, ", 1)).toBeUndefined();
  });
});

describe("clientAddress", () => {
  const connectionAddress = "10.0.0.2";

  it("uses the connection when no proxy is trusted, whatever the header says", () => {
    expect(clientAddress({ forwardedFor: "127.0.0.1", connectionAddress, trustedHops: 0 })).toBe("10.0.0.2");
  });

  it("never uses the entries a client can write", () => {
    for (const spoofed of ["127.0.0.1", "198.51.100.1", "1.2.3.4, 5.6.7.8"]) {
      expect(clientAddress({ forwardedFor: `${spoofed}, 203.0.113.9`, connectionAddress, trustedHops: 1 })).toBe("203.0.113.9");
    }
  });

  it("strips the ports some proxies add", () => {
    expect(clientAddress({ forwardedFor: "203.0.113.9:4711", connectionAddress, trustedHops: 1 })).toBe("203.0.113.9");
    expect(clientAddress({ forwardedFor: "[2001:db8::1]:443", connectionAddress, trustedHops: 1 })).toBe("2001:db8::1");
    expect(clientAddress({ forwardedFor: "2001:db8::1", connectionAddress, trustedHops: 1 })).toBe("2001:db8::1");
  });

  it("falls back to the connection when the trusted entry is no address", () => {
    expect(clientAddress({ forwardedFor: "unknown", connectionAddress, trustedHops: 1 })).toBe("10.0.0.2");
    expect(clientAddress({ forwardedFor: undefined, connectionAddress, trustedHops: 1 })).toBe("10.0.0.2");
    expect(clientAddress({ forwardedFor: undefined, connectionAddress: undefined, trustedHops: 0 })).toBe("unknown");
  });
});

describe("isLoopbackAddress", () => {
  it("knows 127.0.0.0/8 and ::1, also IPv4-mapped", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "128.0.0.1", "::2", "localhost", "", undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

describe("clientRateLimitKey", () => {
  it("keeps an IPv4 address, also the IPv4-mapped IPv6 form a dual-stack socket reports", () => {
    expect(clientRateLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientRateLimitKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientRateLimitKey("::FFFF:203.0.113.9")).toBe("203.0.113.9");
  });

  it("gives every address of one IPv6 /64 one key, however it is written", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2:a:b:1.2.3.4", "2001:db8:1:2::7%eth0"].map(clientRateLimitKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
  });

  it("tells neighbouring /64s apart", () => {
    expect(clientRateLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientRateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(clientRateLimitKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("leaves what is no address as it is", () => {
    expect(clientRateLimitKey("unknown")).toBe("unknown");
  });
});
