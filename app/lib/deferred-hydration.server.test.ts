import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferHydrationScripts, deferHydrationStream } from "./deferred-hydration.server";

// The shape React Router's <Scripts> gives a page (React lifts the links into the head).
const moduleCode = `import * as route0 from "/assets/root-A.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-B.js");`;
const page = [
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="abc"/>`,
  `<link rel="modulepreload" href="/assets/framework-C.js" nonce="abc"/>`,
  `<style id="site-css" nonce="abc">body{color:red}</style></head><body><main>Ünïcode ☕ page</main>`,
  `<script nonce="abc">window.__reactRouterContext = {};</script>`,
  `<script nonce="abc" type="module" async="">${moduleCode}</script>`,
  `<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>`,
].join("");

/** Runs the boot script the way a browser would, and returns what it added to the head. */
function runBoot(html: string, paint: "observed" | "unsupported") {
  const boot = /<script nonce="abc">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!boot) throw new Error("no boot script");
  const added: Array<Record<string, string>> = [];
  const listeners: Record<string, () => void> = {};
  const document = {
    visibilityState: "visible",
    head: { appendChild: (element: Record<string, string>) => added.push(element) },
    createElement: (tag: string) => ({ tag }),
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  };
  let paintCallback: (() => void) | undefined;
  const PerformanceObserver = function (this: unknown, callback: (list: unknown, observer: { disconnect(): void }) => void) {
    if (paint === "unsupported") throw new TypeError("paint entries are not supported");
    paintCallback = () => callback([], { disconnect: () => undefined });
    return { observe: () => undefined };
  };
  const frames: Array<() => void> = [];
  const window = { addEventListener: (type: string, listener: () => void) => (listeners[`window:${type}`] = listener) };
  new Function("document", "window", "PerformanceObserver", "requestAnimationFrame", "setTimeout", boot)(
    document,
    window,
    PerformanceObserver,
    (frame: () => void) => frames.push(frame),
    (callback: () => void) => callback(),
  );
  return { added, paint: () => paintCallback?.(), frame: () => frames.shift()?.(), listeners };
}

describe("deferHydrationScripts", () => {
  it("takes the module preloads out of the head and the module out of the parse", () => {
    const html = deferHydrationScripts(page, "abc")!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script nonce="abc" type="module"');
    // Everything else is as it was, in place.
    expect(html).toContain(`<style id="site-css" nonce="abc">body{color:red}</style></head><body><main>Ünïcode ☕ page</main>`);
    expect(html).toContain(`<script nonce="abc">window.__reactRouterContext = {};</script><script nonce="abc">(function(){`);
    expect(html.endsWith(`<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>`)).toBe(true);
  });

  it("adds the same preloads and module, with the nonce, once the first paint is reported", () => {
    const boot = runBoot(deferHydrationScripts(page, "abc")!, "observed");
    expect(boot.added).toEqual([]);
    boot.paint();
    expect(boot.added).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client-B.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/framework-C.js" },
      { tag: "script", type: "module", nonce: "abc", textContent: moduleCode },
    ]);
    // Once only, whatever comes next.
    boot.listeners["window:load"]?.();
    expect(boot.added).toHaveLength(3);
  });

  it("waits two frames where paint entries are not reported, and never longer than the load event", () => {
    const unsupported = runBoot(deferHydrationScripts(page, "abc")!, "unsupported");
    expect(unsupported.added).toEqual([]);
    unsupported.frame();
    expect(unsupported.added).toHaveLength(3);

    const loaded = runBoot(deferHydrationScripts(page, "abc")!, "observed");
    loaded.listeners["window:load"]?.();
    expect(loaded.added).toHaveLength(3);
  });

  it("writes a `<` in the module escaped, so nothing in it can end or comment out the script", () => {
    const withLessThan = page.replace(moduleCode, `${moduleCode}\nif (1 < 2) console.log("<!--");`);
    const html = deferHydrationScripts(withLessThan, "abc")!;
    const boot = /<script nonce="abc">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(boot).not.toContain("<");
    const run = runBoot(html, "observed");
    run.paint();
    expect(run.added.at(-1)?.textContent).toBe(`${moduleCode}\nif (1 < 2) console.log("<!--");`);
  });

  it("leaves a page without React Router's module alone", () => {
    expect(deferHydrationScripts("<html><head></head><body><script type=\"module\">x()</script></body></html>", "abc")).toBeNull();
  });
});

describe("deferHydrationStream", () => {
  it("gives the same page however the bytes are split, a character cut in two included", async () => {
    const bytes = Buffer.from(page);
    const cut = bytes.indexOf(Buffer.from("☕")) + 1;
    const chunks = [bytes.subarray(0, 40), bytes.subarray(40, cut), bytes.subarray(cut, cut + 300), bytes.subarray(cut + 300)];
    const streamed = await text(Readable.from(chunks).pipe(deferHydrationStream("abc")));
    expect(streamed).toBe(deferHydrationScripts(page, "abc"));
  });

  it("passes a page without the module through unchanged", async () => {
    const html = "<html><body>Héllo</body></html>";
    expect(await text(Readable.from([Buffer.from(html)]).pipe(deferHydrationStream("abc")))).toBe(html);
  });
});
