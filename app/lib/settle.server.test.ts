import { describe, expect, it, vi } from "vitest";
import { settle } from "./settle.server";

describe("settle", () => {
  it("passes a read's result through", async () => {
    await expect(settle("test", "reading", Promise.resolve(3))).resolves.toEqual({ ok: true, data: 3 });
  });

  it("turns a failed read into { ok: false } and logs it, without throwing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const written = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await expect(settle("test", "reading", Promise.reject(new Error("relation does not exist")))).resolves.toEqual({ ok: false });
    expect(logged.mock.calls.length + written.mock.calls.length).toBeGreaterThan(0);
    logged.mockRestore();
    written.mockRestore();
  });
});
