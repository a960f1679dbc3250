import { useEffect } from "react";

/** The door's service worker (built by scripts/service-worker/build-check-in-service-worker.ts; decision 068). */
export const DOOR_SERVICE_WORKER = "/check-in-sw.js";
/** Only the check-in pages under it (and the door app's start) are its to answer. */
export const DOOR_SCOPE = "/admin/eventreservations/";

/**
 * Registers the door's service worker once the check-in page has hydrated, so that this page and
 * its scripts load again with no signal. Only this page registers it: public pages never load this
 * code. The development server builds no worker.
 *
 * The worker keeps each check-in page it answers, but this page's HTML may have reached the browser
 * without it (the first visit, before there was a worker, or a client-side navigation from the
 * reservations page): so the page asks the worker to fetch and keep its address (serwist's
 * CACHE_URLS message, answered by the same NetworkFirst route as a navigation). One request for
 * each opening of the page, which also brings the kept copy up to date.
 */
export function useDoorServiceWorker(pathname: string) {
  useEffect(() => {
    if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
    const worker = navigator.serviceWorker;
    // `updateViaCache: "none"`: each visit with signal asks the server whether a new build's worker is out.
    worker
      .register(DOOR_SERVICE_WORKER, { scope: DOOR_SCOPE, updateViaCache: "none" })
      .then(() => worker.ready)
      .then((registration) => registration.active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [pathname] } }))
      .catch((error: unknown) => {
        // Without it the page works as before, online only (a private window, a browser setting).
        console.warn("The door could not keep this page for offline use:", error);
      });
  }, [pathname]);
}
