import { describe, expect, it } from "vitest";
import { asPublicRequest } from "./public-request";

describe("asPublicRequest", () => {
  const publicUrl = "https://harmonia.example";

  it("hands a request for the public host on under PUBLIC_URL's origin, body and all", async () => {
    const request = new Request("http://harmonia.example:3000/newsletter?from=home", {
      method: "POST",
      headers: { Origin: "https://harmonia.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=ann%40example.com",
    });
    const handed = asPublicRequest(request, publicUrl);
    expect(handed.url).toBe("https://harmonia.example/newsletter?from=home");
    expect(handed.method).toBe("POST");
    expect(handed.headers.get("origin")).toBe("https://harmonia.example");
    expect(await handed.text()).toBe("email=ann%40example.com");
  });

  it("leaves a request for a loopback host, or already at the public origin, as it is", () => {
    const local = new Request("http://127.0.0.1:3000/newsletter");
    expect(asPublicRequest(local, publicUrl)).toBe(local);
    const direct = new Request("https://harmonia.example/about");
    expect(asPublicRequest(direct, publicUrl)).toBe(direct);
  });
});
