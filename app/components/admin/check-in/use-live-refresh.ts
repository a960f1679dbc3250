import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's data every few seconds while it is visible, and at once when the tab or
 * window comes back, so taps made on another device show here without a reload.
 */
export function useLiveRefresh(intervalMs: number) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    };
    const timer = window.setInterval(refresh, intervalMs);
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [revalidate, state, intervalMs]);
}
