import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferHydrationScripts, deferHydrationStream, evaluationStages } from "./deferred-hydration.server";

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
  const added: Array<Record<string, unknown>> = [];
  const listeners: Record<string, () => void> = {};
  const document = {
    visibilityState: "visible",
    head: { appendChild: (element: Record<string, unknown>) => added.push(element) },
    createElement: (tag: string) => ({ tag }),
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  };
  let paintCallback: ((name: string) => void) | undefined;
  const PerformanceObserver = Object.assign(
    function (this: unknown, callback: (list: unknown, observer: { disconnect(): void }) => void) {
      paintCallback = (name) => callback({ getEntriesByName: (asked: string) => (asked === name ? [{ name }] : []) }, { disconnect: () => undefined });
      return { observe: () => undefined };
    },
    { supportedEntryTypes: paint === "unsupported" ? ["mark", "measure"] : ["mark", "measure", "paint"] },
  );
  const frames: Array<() => void> = [];
  const timers: Array<{ callback: () => void; delay: number }> = [];
  const window = {
    PerformanceObserver,
    addEventListener: (type: string, listener: () => void) => (listeners[`window:${type}`] = listener),
  };
  new Function("document", "window", "requestAnimationFrame", "setTimeout", boot)(
    document,
    window,
    (frame: () => void) => frames.push(frame),
    (callback: () => void, delay = 0) => timers.push({ callback, delay }),
  );
  /** Runs the timers that are due within `ms`. */
  const elapse = (ms: number) => {
    for (const timer of timers.splice(0).filter((timer) => timer.delay <= ms)) timer.callback();
  };
  /** Lets each staged module load (a browser fires `load` once a module has run), in turn. */
  const loadStages = () => {
    for (let script = added.find(isPendingStage); script; script = added.find(isPendingStage)) {
      (script as unknown as { loaded: boolean }).loaded = true;
      (script as unknown as { onload: () => void }).onload();
    }
  };
  return { added, paint: (name = "first-contentful-paint") => paintCallback?.(name), frame: () => frames.shift()?.(), elapse, listeners, loadStages };
}

const isPendingStage = (element: Record<string, unknown>) => element.tag === "script" && typeof element.src === "string" && !element.loaded;
/** What the boot script added, as plain attributes. */
const attributes = (elements: Array<Record<string, unknown>>) => elements.map(({ tag, rel, href, type, nonce, src, textContent }) => Object.fromEntries(Object.entries({ tag, rel, href, type, nonce, src, textContent }).filter(([, value]) => value !== undefined)));

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

  it("adds the same preloads and module, with the nonce, once the first contentful paint is reported", () => {
    const boot = runBoot(deferHydrationScripts(page, "abc")!, "observed");
    expect(boot.added).toEqual([]);
    // The background alone ('first-paint') is not yet the page: Lighthouse would count a script
    // fetched then as holding up the first contentful paint.
    boot.paint("first-paint");
    expect(boot.added).toEqual([]);
    boot.paint();
    // Every module is fetched at once; the shared chunks run first, one at a time, then the
    // routes, and last the inline module, which hydrates.
    expect(attributes(boot.added)).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client-B.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/framework-C.js" },
      { tag: "script", type: "module", nonce: "abc", src: "/assets/framework-C.js" },
    ]);
    boot.loadStages();
    expect(attributes(boot.added).slice(2)).toEqual([
      { tag: "script", type: "module", nonce: "abc", src: "/assets/framework-C.js" },
      { tag: "script", type: "module", nonce: "abc", src: "/assets/root-A.js" },
      { tag: "script", type: "module", nonce: "abc", textContent: moduleCode },
    ]);
    // Once only, whatever comes next.
    boot.listeners["window:load"]?.();
    expect(boot.added).toHaveLength(5);
  });

  it("waits two frames where paint entries are not reported, and never longer than the load event", () => {
    const unsupported = runBoot(deferHydrationScripts(page, "abc")!, "unsupported");
    expect(unsupported.added).toEqual([]);
    unsupported.frame();
    expect(unsupported.added).toEqual([]);
    unsupported.elapse(0);
    expect(unsupported.added).toHaveLength(3);
    unsupported.loadStages();
    expect(unsupported.added).toHaveLength(5);

    const loadedFirst = runBoot(deferHydrationScripts(page, "abc")!, "unsupported");
    loadedFirst.listeners["window:load"]?.();
    expect(loadedFirst.added).toHaveLength(3);
  });

  it("where paint entries are reported, does not start at the load event, only 3 s after it if no paint came", () => {
    // On a fast connection the load event comes before the text shows.
    const boot = runBoot(deferHydrationScripts(page, "abc")!, "observed");
    boot.listeners["window:load"]?.();
    boot.elapse(2999);
    expect(boot.added).toEqual([]);
    boot.paint();
    expect(boot.added).toHaveLength(3);

    const neverPainted = runBoot(deferHydrationScripts(page, "abc")!, "observed");
    neverPainted.listeners["window:load"]?.();
    neverPainted.elapse(3000);
    expect(neverPainted.added).toHaveLength(3);
  });

  it("starts at once in a hidden tab, or when the tab is hidden before the paint", () => {
    const boot = runBoot(deferHydrationScripts(page, "abc")!, "observed");
    boot.listeners.visibilitychange?.();
    expect(boot.added).toHaveLength(3);
  });

  it("writes a `<` in the module escaped, so nothing in it can end or comment out the script", () => {
    const withLessThan = page.replace(moduleCode, `${moduleCode}\nif (1 < 2) console.log("<!--");`);
    const html = deferHydrationScripts(withLessThan, "abc")!;
    const boot = /<script nonce="abc">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(boot).not.toContain("<");
    const run = runBoot(html, "observed");
    run.paint();
    run.loadStages();
    expect(run.added.at(-1)?.textContent).toBe(`${moduleCode}\nif (1 < 2) console.log("<!--");`);
  });

  it("leaves a page without React Router's module alone", () => {
    expect(deferHydrationScripts("<html><head></head><body><script type=\"module\">x()</script></body></html>", "abc")).toBeNull();
  });
});

describe("evaluationStages", () => {
  const routes = `import * as route0 from "/assets/root-R.js";\nimport * as route1 from "/assets/about-P.js";\nwindow.__reactRouterRouteModules = {};\nimport("/assets/entry.client-E.js");`;
  const preloads = [
    "/assets/entry.client-E.js",
    "/assets/rolldown-runtime-XKyaHtl9.js",
    "/assets/framework-DrPTZ7VM.js",
    "/assets/react-router-lM3v9tl0.js",
    "/assets/react-dom-DtUpUez4.js",
    "/assets/react-C3cWAN_r.js",
    "/assets/root-R.js",
    "/assets/about-P.js",
    "/assets/list-icons-L.js",
  ];

  it("runs the shared chunks in the order they import each other, then shared parts, then the routes root first, never the entry", () => {
    expect(evaluationStages(preloads, routes)).toEqual([
      "/assets/rolldown-runtime-XKyaHtl9.js",
      "/assets/react-C3cWAN_r.js",
      "/assets/react-dom-DtUpUez4.js",
      "/assets/react-router-lM3v9tl0.js",
      "/assets/framework-DrPTZ7VM.js",
      "/assets/list-icons-L.js",
      "/assets/root-R.js",
      "/assets/about-P.js",
    ]);
  });

  it("lets an error in one stage go on to the next, so the page still hydrates or reports the error", () => {
    const boot = runBoot(deferHydrationScripts(page, "abc")!, "observed");
    boot.paint();
    const first = boot.added.find(isPendingStage) as unknown as { onerror: () => void };
    first.onerror();
    expect(attributes(boot.added).at(-1)).toEqual({ tag: "script", type: "module", nonce: "abc", src: "/assets/root-A.js" });
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
