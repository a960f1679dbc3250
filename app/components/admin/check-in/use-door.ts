import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { doorGuestViews, DOOR_SYNC_MAX_TAPS, withQueuedTaps, type DoorConnection, type DoorGuestView, type DoorList, type DoorSyncAnswer, type DoorTap } from "#app/modules/reservations";
import { forgetExpiredLists, queuedTaps, queueTap, readDoorList, saveDoorList, settleTaps, type QueuedTap } from "./door-store";

/** How often an open door page asks for the other phones' taps (and sends its own). */
export const DOOR_POLL_MS = 3_000;

export interface DoorState {
  /** Null until the phone's store is read (before hydration, the page shows the server's list). */
  guests: DoorGuestView[] | null;
  list: DoorList | null;
  connection: DoorConnection;
  waiting: number;
  syncing: boolean;
  /** When the server last answered with everything this phone had sent (ISO). */
  savedAt: string | null;
  tap: (kind: "arrive" | "undo", reservationId: string, seats?: number) => void;
  walkIn: (details: { name: string; email: string; phone: string; seats: number }) => void;
  /** Ask the server now (after a change made through a form). */
  refresh: () => void;
  /** Sends what this phone has queued, resolving once the server has answered (or there is no signal). */
  sendWaiting: () => Promise<void>;
}

type Answer = { kind: "list"; list: DoorList; etag: string | null } | { kind: "unchanged" } | { kind: "synced"; answer: DoorSyncAnswer } | { kind: "offline" } | { kind: "signed-out" } | { kind: "refused"; message: string };

async function ask(url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, { ...init, credentials: "same-origin", cache: "no-store" });
  } catch {
    return null;
  }
}

async function readAnswer(response: Response | null, as: "list" | "synced"): Promise<Answer> {
  if (!response) return { kind: "offline" };
  if (response.status === 304) return { kind: "unchanged" };
  if (response.status === 401) return { kind: "signed-out" };
  if (response.status >= 500 || response.status === 429) return { kind: "offline" };
  const body = (await response.json().catch(() => null)) as (DoorList & DoorSyncAnswer & { message?: string }) | null;
  if (!response.ok || !body) return { kind: "refused", message: body?.message ?? "The door list could not be loaded." };
  return as === "list" ? { kind: "list", list: body, etag: response.headers.get("ETag") } : { kind: "synced", answer: body };
}

/**
 * The door phone's state (docs/decisions/067): the stored list with this phone's queued taps on
 * top, a tap applied at once and queued, the queue sent in order whenever there is signal, and the
 * list asked for every few seconds so the other phones' taps show. `who` (the signed-in person's
 * e-mail) is who checked in a guest first on this phone until the server answers.
 */
export function useDoor(eventId: string, who: string): DoorState {
  const [list, setList] = useState<DoorList | null>(null);
  const [queue, setQueue] = useState<QueuedTap[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [connection, setConnection] = useState<DoorConnection>("online");
  const [syncing, setSyncing] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  // Taps on the screen whose IndexedDB write has not finished: a queue read from the store just
  // before must not take them off the screen (the bench saw "199 waiting" after 200 taps).
  const unstored = useRef(new Map<string, QueuedTap>());
  const showQueue = useCallback((stored: QueuedTap[]) => setQueue(queueOnScreen(stored, unstored.current.values())), []);
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const etag = useRef<string | null>(null);

  const syncPasses = useCallback(async () => {
    try {
      do {
        again.current = false;
        if (!navigator.onLine) {
          setConnection("offline");
          break;
        }
        const waiting = await queuedTaps(eventId);
        let answer: Answer;
        let answered: DoorList | null = null;
        if (waiting.length > 0) {
          const sending = waiting.slice(0, DOOR_SYNC_MAX_TAPS);
          setSyncing(true);
          answer = await readAnswer(
            await ask(`/api/check-in/${eventId}/sync`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ taps: sending.map((queued) => queued.tap) }) }),
            "synced",
          );
          if (answer.kind === "synced") {
            await settleTaps(
              sending.map((queued) => queued.seq),
              answer.answer.list,
            );
            for (const refused of answer.answer.taps.filter((tap) => tap.outcome === "refused")) toast.error(refused.message);
            answered = answer.answer.list;
            if (waiting.length > sending.length) again.current = true;
          }
        } else {
          const headers: HeadersInit = etag.current ? { "If-None-Match": etag.current } : {};
          answer = await readAnswer(await ask(`/api/check-in/${eventId}`, { headers }), "list");
          if (answer.kind === "list") {
            etag.current = answer.etag;
            await saveDoorList(answer.list);
            answered = answer.list;
          }
        }
        if (answer.kind === "offline") setConnection("offline");
        else if (answer.kind === "signed-out") setConnection("signed-out");
        else if (answer.kind === "refused") {
          setConnection("refused");
          toast.error(answer.message);
        } else {
          setConnection("online");
        }
        // The answered list and what is still queued change together: a tap never counts twice on screen.
        const left = await queuedTaps(eventId);
        if (answered) setList(answered);
        showQueue(left);
        if ((answer.kind === "synced" || answer.kind === "list" || answer.kind === "unchanged") && left.length === 0) setSavedAt(new Date().toISOString());
        if (answer.kind !== "synced" || left.length === 0) setSyncing(false);
        // No signal or a refusal: the next poll tries again. Else once more if a tap came meanwhile.
        if (answer.kind === "offline" || answer.kind === "signed-out" || answer.kind === "refused") break;
      } while (again.current);
    } catch (error) {
      // IndexedDB refused (private mode, storage full): say so rather than pretend.
      console.error(error);
      setConnection("offline");
    } finally {
      setSyncing(false);
    }
  }, [eventId, showQueue]);
  // One pass at a time: asked while one runs, it runs once more, and the caller waits for that.
  const sync = useCallback((): Promise<void> => {
    if (running.current) {
      again.current = true;
      return running.current;
    }
    running.current = syncPasses().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [syncPasses]);

  useEffect(() => {
    let live = true;
    void (async () => {
      await forgetExpiredLists().catch(() => undefined);
      const [stored, waiting] = await Promise.all([readDoorList(eventId), queuedTaps(eventId)]).catch(() => [null, [] as QueuedTap[]] as const);
      if (!live) return;
      if (stored) setList(stored);
      showQueue(waiting);
      setLoaded(true);
      void sync();
    })();
    const poll = () => {
      if (document.visibilityState === "visible") void sync();
    };
    const timer = window.setInterval(poll, DOOR_POLL_MS);
    const offline = () => setConnection("offline");
    window.addEventListener("online", poll);
    window.addEventListener("offline", offline);
    document.addEventListener("visibilitychange", poll);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener("online", poll);
      window.removeEventListener("offline", offline);
      document.removeEventListener("visibilitychange", poll);
    };
  }, [eventId, sync, showQueue]);

  const add = useCallback(
    (tap: DoorTap) => {
      // Shown at once; stored before anything is sent, so a closed tab or a crash loses nothing tapped.
      const shown: QueuedTap = { seq: Number.MAX_SAFE_INTEGER, eventId, tap };
      unstored.current.set(tap.id, shown);
      setQueue((current) => [...current, shown]);
      // The sync reads the stored queue (with its order numbers) when it runs; with no signal nothing more is drawn.
      void queueTap(eventId, tap).then(
        () => {
          unstored.current.delete(tap.id);
          return sync();
        },
        () => {
          // Not kept: off the screen too, so what shows is what will be sent.
          unstored.current.delete(tap.id);
          setQueue((current) => current.filter((queued) => queued !== shown));
          toast.error("This phone could not keep the check-in. Please tap again.");
        },
      );
    },
    [eventId, sync],
  );

  const tap = useCallback(
    (kind: "arrive" | "undo", reservationId: string, seats?: number) => add({ id: crypto.randomUUID(), kind, reservationId, seats, at: new Date().toISOString() }),
    [add],
  );
  const walkIn = useCallback(
    (details: { name: string; email: string; phone: string; seats: number }) => {
      const id = crypto.randomUUID();
      add({ id, kind: "walk-in", reservationId: id, at: new Date().toISOString(), ...details });
    },
    [add],
  );
  const refresh = useCallback(() => {
    etag.current = null;
    void sync();
  }, [sync]);

  const taps = useMemo(() => queue.map((queued) => queued.tap), [queue]);
  const views = useMemo(() => (list ? doorGuestViews(list.guests) : null), [list]);
  const guests = useMemo(() => (loaded && views ? withQueuedTaps(views, taps, who) : null), [loaded, views, taps, who]);
  return { guests, list, connection, waiting: queue.length, syncing, savedAt, tap, walkIn, refresh, sendWaiting: sync };
}

/**
 * The queue the screen shows: what the store holds (in its order), then the taps made since whose
 * write has not finished, each once (a tap may already be in the store when its write's answer is
 * still on its way).
 */
export function queueOnScreen(stored: readonly QueuedTap[], unstored: Iterable<QueuedTap>): QueuedTap[] {
  const inStore = new Set(stored.map((queued) => queued.tap.id));
  return [...stored, ...[...unstored].filter((queued) => !inStore.has(queued.tap.id))];
}
