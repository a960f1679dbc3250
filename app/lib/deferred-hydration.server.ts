import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Moves the page's scripts behind its first paint (issue 16; decision 034).
 *
 * React Router's `<Scripts>` writes a `modulepreload` link for every module the page hydrates with
 * (React lifts them into the head) and an inline module that imports them. On a phone on a slow
 * network those 120-odd KiB then share the line with the document itself, and the browser fetches
 * them before it has shown anything. The page is whole without them (it is rendered on the server
 * and works before hydration: links navigate, forms post), so here they start after the first
 * paint instead: the links come out of the head, and the inline module becomes a small classic
 * script that, once the browser reports its first contentful paint (or at once in a hidden tab,
 * where nothing paints), adds the same links and the same module to the head. React leaves
 * elements it did not render in the head alone, and the element stays where React expects a script.
 */
export function deferHydrationScripts(html: string, nonce: string): string | null {
  const moduleScript = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  const moduleCode = moduleScript?.[1];
  if (!moduleScript || moduleCode === undefined || !moduleCode.includes("__reactRouterRouteModules")) return null;
  const preloads: string[] = [];
  const withoutPreloads = html.slice(0, moduleScript.index).replace(/<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  const boot = bootScript({ moduleCode, preloads, stages: evaluationStages(preloads, moduleCode), nonce });
  return `${withoutPreloads}<script nonce="${escapeAttribute(nonce)}">${boot}</script>${html.slice(moduleScript.index + moduleScript[0].length)}`;
}

/**
 * The page's modules in the order they can run one at a time, dependencies first: the bundler's
 * runtime, React, React DOM, React Router, the chrome (vite.config.ts names these chunks), the
 * shared chunks, then the route modules the inline module imports, root first. The entry is left
 * out: it hydrates, so it runs last, from the inline module.
 *
 * A browser runs a module graph in one task, so loaded all at once these ~400 KB of script are one
 * long task before hydration even starts (184 ms on a 4x-slowed CPU); one module per task keeps
 * each short. A module whose imports have not run yet simply runs them with it, so a wrong guess
 * costs a longer task, never a wrong page.
 */
export function evaluationStages(preloads: string[], moduleCode: string): string[] {
  const routes = [...moduleCode.matchAll(/import \* as route\d+ from "([^"]+)"/g)].map((match) => match[1]!);
  const entry = /import\("([^"]+)"\)/.exec(moduleCode)?.[1];
  const rank = (href: string) => {
    // `react-dom-DtUpUez4.js` is the chunk `react-dom` (the bundler appends an 8-character hash).
    const name = href.slice(href.lastIndexOf("/") + 1).replace(/-[\w-]{8}\.js$/, "");
    const index = frameworkChunks.indexOf(name);
    if (index !== -1) return index;
    const route = routes.indexOf(href);
    return route === -1 ? frameworkChunks.length : frameworkChunks.length + 1 + route;
  };
  const modules = [...new Set([...preloads, ...routes])].filter((href) => href !== entry && !href.includes("/entry.client"));
  return modules.map((href, position) => ({ href, position, rank: rank(href) })).sort((a, b) => a.rank - b.rank || a.position - b.position).map(({ href }) => href);
}

/** The chunks every page shares, in the order they import each other (vite.config.ts's groups). */
const frameworkChunks = ["rolldown-runtime", "react", "react-dom", "react-router", "framework"];

function bootScript({ moduleCode, preloads, stages, nonce }: { moduleCode: string; preloads: string[]; stages: string[]; nonce: string }): string {
  // JSON in a script: only `<` could end the element early, and it is escaped.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  // After the first contentful paint: the browser's own paint entry says when (timers would not do:
  // a test's paused clock stops them). Not 'first-paint', which comes with the background alone,
  // and not the load event, which on a fast connection comes first: Lighthouse counts a script
  // requested before the text shows as holding it up (FCP 1.5 s instead of 0.9 s in one run of
  // three). Where paint entries are not reported, two frames, or the load event; where they are and
  // none comes, 3 s after the load event. A hidden tab (nothing paints) starts at once.
  // Then every module is fetched at once (the preloads), run one per task in `stages` (each
  // script's load or error event starts the next), and last the inline module, which hydrates.
  return `(function(){var d=document,w=window,P=w.PerformanceObserver,started=false,n=${json(nonce)},stages=${json(stages)};function script(){var s=d.createElement("script");s.type="module";s.nonce=n;return s}function run(i){if(stages.length>i){var s=script();s.onload=s.onerror=function(){run(i+1)};s.src=stages[i];d.head.appendChild(s);return}var m=script();m.textContent=${json(moduleCode)};d.head.appendChild(m)}function go(){if(started)return;started=true;${json(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});run(0)}if(d.visibilityState==="hidden")return go();d.addEventListener("visibilitychange",go);if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();go()}}).observe({type:"paint",buffered:true});w.addEventListener("load",function(){setTimeout(go,3000)})}else{w.addEventListener("load",go);requestAnimationFrame(function(){setTimeout(go,0)})}})();`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The stream form of deferHydrationScripts: holds the HTML until the inline module has passed (it
 * ends React's shell, which React writes in one go), rewrites it, then lets the rest (streamed
 * data) through untouched. A page without it passes unchanged.
 */
export function deferHydrationStream(nonce: string): Transform {
  // Bytes, decoded as they come: a character split between two chunks stays whole.
  const decoder = new StringDecoder("utf8");
  let held = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (done) return callback(null, text);
      held += text;
      const marker = held.indexOf("__reactRouterRouteModules");
      if (marker === -1 || held.indexOf("</script>", marker) === -1) return callback();
      done = true;
      const rewritten = deferHydrationScripts(held, nonce) ?? held;
      held = "";
      callback(null, rewritten);
    },
    flush(callback) {
      const rest = held + decoder.end();
      callback(null, rest || undefined);
    },
  });
}
