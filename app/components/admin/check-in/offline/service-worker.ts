/**
 * The door's service worker (docs/decisions/068), served as /check-in-sw.js and registered only by
 * the check-in page, for the scope /admin/eventreservations/. Not part of the Vite build: after
 * `react-router build`, scripts/service-worker/build-check-in-service-worker.ts bundles this file and serwist
 * writes the list of built scripts and styles into `self.__SW_MANIFEST`.
 *
 * What it keeps: every built script and style (hashed names, so a new build simply replaces them)
 * and the HTML of the check-in pages last opened with signal, so that a reload or a launch from the
 * home screen with no signal shows the door list. All the caching is serwist's; the one piece of our
 * own is where a page that cannot be had at all leads (`offlineDoorRedirect`).
 */
import { CacheableResponsePlugin, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, type PrecacheEntry, type SerwistPlugin } from "serwist";

// The worker's global, as much of it as this file reads (the project's TypeScript has the page's
// DOM types, not a worker's; serwist's own calls are typed by serwist).
declare const self: { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const DOOR_PREFIX = "/admin/eventreservations/";
/** The installed app's start (app/routes/admin/door.ts): it redirects to the door's event. */
const DOOR_ENTRY = `${DOOR_PREFIX}door`;
const DAY_SECONDS = 24 * 60 * 60;

/** The event id of a check-in page's path (`/admin/eventreservations/<id>/check-in`), else null. */
function checkInEventOf(pathname: string): string | null {
  if (!pathname.startsWith(DOOR_PREFIX)) return null;
  const [eventId, page, ...rest] = pathname.slice(DOOR_PREFIX.length).split("/");
  return eventId && page === "check-in" && rest.length === 0 ? eventId : null;
}

const isDoorPage = (url: URL) => url.pathname === DOOR_ENTRY || checkInEventOf(url.pathname) !== null;

/**
 * Only a check-in page's own address is kept, without a search (`?q=ana`): the server renders the
 * search into the HTML, and a page hydrated at an address whose search differs would keep the
 * server's filtering. A reload with a search, offline, is sent to the kept page instead (below).
 */
const keepOnlyPlainCheckInPages: SerwistPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    const url = new URL(request.url);
    return url.search === "" && checkInEventOf(url.pathname) !== null ? response : null;
  },
};

/**
 * When a door page cannot be had from the network or the cache: the same check-in page without its
 * search if that is kept; for the installed app's start (which redirects online), the check-in page
 * kept most recently. Anything else fails as it would without a service worker.
 */
async function offlineDoorRedirect(request: Request, cacheName: string): Promise<Response | undefined> {
  const url = new URL(request.url);
  const cache = await caches.open(cacheName);
  if (checkInEventOf(url.pathname) !== null) {
    if (url.search === "") return undefined;
    const plain = `${url.origin}${url.pathname}`;
    return (await cache.match(plain)) ? Response.redirect(plain, 302) : undefined;
  }
  if (url.pathname !== DOOR_ENTRY) return undefined;
  let latest: { url: string; at: number } | undefined;
  for (const key of await cache.keys()) {
    const kept = await cache.match(key);
    // Without a Date header, the order of keeping (the Cache API lists entries in insertion order).
    const at = Date.parse(kept?.headers.get("date") ?? "") || 0;
    if (!latest || at >= latest.at) latest = { url: key.url, at };
  }
  return latest ? Response.redirect(latest.url, 302) : undefined;
}

const DOOR_PAGES_CACHE = "door-pages";

/**
 * The network first, so the list is fresh whenever there is signal; after 3 s without an answer
 * (a bar of signal that never delivers), the kept copy. The copy is the whole response, headers
 * included: its Content-Security-Policy names the nonce its inline scripts carry, so it still runs.
 * Only 200s are kept (never a redirect to the sign-in page), for two days at most, ten pages at most.
 */
const doorPages = new NetworkFirst({
  cacheName: DOOR_PAGES_CACHE,
  networkTimeoutSeconds: 3,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    keepOnlyPlainCheckInPages,
    new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 2 * DAY_SECONDS }),
    { handlerDidError: ({ request }) => offlineDoorRedirect(request, DOOR_PAGES_CACHE) },
  ],
});

/**
 * React Router asks `/__manifest?paths=…&version=…` which routes a path has before a navigation to a
 * path with a parameter (the check-in page's own, a form posted there) that it has not asked about
 * since the page loaded; a page reloaded with no signal has asked about none, and the failed
 * question would turn the door list into the error page. With no signal the worker answers it from
 * the build's own route manifest, which it keeps with the scripts (`/assets/manifest-<version>.js`,
 * `window.__reactRouterManifest={…};`): every route, a superset of the server's answer, which the
 * router applies the same way. A version it does not keep gets no answer, as without a worker.
 */
async function routeManifestFromBuild(request: Request): Promise<Response | undefined> {
  const version = new URL(request.url).searchParams.get("version") ?? "";
  if (!/^[0-9a-f]{1,40}$/.test(version)) return undefined;
  const kept = await serwist.matchPrecache(`/assets/manifest-${version}.js`);
  if (!kept) return undefined;
  const script = await kept.text();
  const body = script.slice(script.indexOf("=") + 1).trimEnd();
  const json = body.endsWith(";") ? body.slice(0, -1) : body;
  try {
    const manifest = JSON.parse(json) as { routes?: unknown; version?: unknown };
    return manifest.version === version && manifest.routes ? Response.json(manifest.routes) : undefined;
  } catch {
    return undefined;
  }
}

const routeManifest = new NetworkOnly({ plugins: [{ handlerDidError: ({ request }) => routeManifestFromBuild(request) }] });

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new build's worker takes over at once (its install has fetched the scripts the new pages
  // name; the last build's, which no page of the new build asks for, leave the cache).
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  // Navigations, and the page's own request to keep its address (CACHE_URLS, use-door-service-worker.ts):
  // nothing else is ever asked for at these exact paths (the page's data comes from `….data`).
  runtimeCaching: [
    { matcher: ({ url }) => url.origin === location.origin && isDoorPage(url), handler: doorPages },
    { matcher: ({ url }) => url.origin === location.origin && url.pathname === "/__manifest", handler: routeManifest },
  ],
});

serwist.addEventListeners();
