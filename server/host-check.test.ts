import { describe, expect, it } from "vitest";
import { hostnameOf, isLoopbackHostname, isOwnHost } from "./host-check";

describe("hostnameOf", () => {
  it("gives the lower-case name without port or trailing dot", () => {
    expect(hostnameOf("Harmonia.Example:443")).toBe("harmonia.example");
    expect(hostnameOf("harmonia.example.")).toBe("harmonia.example");
    expect(hostnameOf("[::1]:3000")).toBe("::1");
    expect(hostnameOf("127.0.0.1")).toBe("127.0.0.1");
    expect(hostnameOf("")).toBeUndefined();
    expect(hostnameOf(undefined)).toBeUndefined();
  });
});

describe("isLoopbackHostname", () => {
  it("accepts localhost, *.localhost, 127.0.0.0/8 and ::1", () => {
    for (const name of ["localhost", "app.localhost", "127.0.0.1", "127.255.0.9", "::1"]) expect(isLoopbackHostname(name), name).toBe(true);
  });

  it("refuses every other name, including look-alikes", () => {
    for (const name of ["localhost.evil.example", "evillocalhost", "128.0.0.1", "127.0.0.1.evil.example", "10.0.0.1", "::2", undefined]) {
      expect(isLoopbackHostname(name), String(name)).toBe(false);
    }
  });
});

describe("isOwnHost", () => {
  it("accepts the public host (any port) and loopback names", () => {
    const publicUrl = "https://harmonia.example";
    for (const host of ["harmonia.example", "HARMONIA.example:443", "localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      expect(isOwnHost(host, publicUrl), host).toBe(true);
    }
  });

  it("refuses other names, a missing Host, and the public name's subdomains", () => {
    const publicUrl = "https://harmonia.example";
    for (const host of ["rebind.evil.example", "evil.harmonia.example", "10.0.0.5:3000", undefined]) {
      expect(isOwnHost(host, publicUrl), String(host)).toBe(false);
    }
  });
});
