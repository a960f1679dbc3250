import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's data every few seconds while it is visible and the device has a connection,
 * and at once when the tab or window comes back or the connection returns, so taps made on another
 * device show here without a reload. With no connection the page keeps what it shows (the door
 * without signal, decision 068) instead of asking and failing.
 */
export function useLiveRefresh(intervalMs: number) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && state === "idle" && navigator.onLine) void revalidate();
    };
    const timer = window.setInterval(refresh, intervalMs);
    window.addEventListener("focus", refresh);
    window.addEventListener("online", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
      window.removeEventListener("online", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [revalidate, state, intervalMs]);
}
