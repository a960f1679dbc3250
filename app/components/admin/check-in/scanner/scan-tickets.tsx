import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated";
import type { DoorScannerProps } from "./door-scanner";

function ScannerDidNotLoad({ onClose }: Pick<DoorScannerProps, "onClose">) {
  return (
    <div className="mt-4">
      <p role="alert" className="rounded-2xl border border-danger/50 bg-danger/10 p-3 text-danger">
        The scanner could not load — check the connection, or search by name instead.
      </p>
      <button type="button" className="button-secondary mt-2" onClick={onClose}>
        Close scanner
      </button>
    </div>
  );
}

// Its own chunk, fetched when the button is pressed: the camera code and the QR reader never load otherwise.
const DoorScanner = lazy(() => import("./door-scanner").catch(() => ({ default: ScannerDidNotLoad })));

const OPEN_AFTER_RELOAD = "harmonia:open-door-scanner";

/**
 * Whether this document was first loaded on a staff page, and so has the staff area's policy (the
 * camera, WebAssembly: server/security-headers.ts). One reached from a public page without a
 * reload keeps the public policy, under which the camera is refused.
 */
function documentHasStaffPolicy(): boolean {
  const entry = performance.getEntriesByType("navigation")[0];
  const path = new URL(entry?.name ?? window.location.href).pathname;
  return path === "/admin" || path.startsWith("/admin/");
}

/**
 * **Scan tickets** on the check-in page. Not shown until the page has hydrated (an invisible box of its
 * size until then): a camera cannot work without JavaScript, and a button that does nothing must
 * not be shown.
 */
export function ScanTickets(props: Omit<DoorScannerProps, "onClose">) {
  const hydrated = useHydrated();
  // Open at once when a press had to load the page again first (below).
  const [open, setOpen] = useState(() => typeof sessionStorage !== "undefined" && sessionStorage.getItem(OPEN_AFTER_RELOAD) !== null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Closing gives the focus back to the button that opened it.
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => sessionStorage.removeItem(OPEN_AFTER_RELOAD), []);
  const press = () => {
    if (documentHasStaffPolicy()) return setOpen(true);
    sessionStorage.setItem(OPEN_AFTER_RELOAD, "1");
    window.location.reload();
  };

  // Its place is kept from the first paint: the button appearing above the walk-in form must not
  // move that form's button under a finger (a press begun before hydration would end elsewhere).
  if (!hydrated) {
    return (
      <span aria-hidden="true" className="button-primary invisible">
        Scan tickets
      </span>
    );
  }
  if (!open) {
    return (
      <button ref={buttonRef} type="button" className="button-primary" onClick={press}>
        Scan tickets
      </button>
    );
  }
  return (
    <Suspense fallback={<p role="status" className="mt-4 text-sand">Starting the scanner…</p>}>
      <DoorScanner {...props} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
