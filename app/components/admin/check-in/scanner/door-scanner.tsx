import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { describeScan, type ScanResult } from "#app/modules/reservations";
import { createQrReader, type QrReader, type QrReaderKind } from "./qr-detector";

/**
 * The door scanner (issue 38 §2), loaded only when a volunteer presses **Scan tickets** on the
 * check-in page (scan-tickets.tsx): the rear camera, a QR reader (native or the polyfill), and a
 * large result for each ticket read. What a code means and what checking in does are the page's
 * (`resolve`, `onCheckIn`), so the same scanner serves the online page and the offline door list.
 */
export interface DoorScannerProps {
  /** What a code read from a ticket is: one of this event's guests, another event's, cancelled, or none of ours. */
  resolve(code: string): Promise<ScanResult>;
  /** Checks `seats` seats of a guest in; answers the server's words. */
  onCheckIn(reservationId: string, seats: number): Promise<{ ok: boolean; message: string }>;
  /** The venue's clock for an instant: "7:02 PM". */
  formatTime(instant: Date): string;
  onClose(): void;
}

/** The same code read again within this long is the same guest still holding up their phone. */
const SAME_CODE_MS = 2_000;
/** At most ten reads a second: enough for a person, and light on a phone's battery. */
const READ_EVERY_MS = 100;

type CameraState = "starting" | "scanning" | "paused" | "refused" | "unavailable" | "failed";

const cameraMessages: Partial<Record<CameraState, string>> = {
  refused: "Camera access was refused — allow the camera for this site in the browser's settings, or search by name instead.",
  unavailable: "Camera not available — search by name instead.",
  failed: "The scanner could not start — search by name instead.",
};

/** Why getUserMedia failed, as the volunteer can act on it. */
function cameraProblem(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : "";
  return name === "NotAllowedError" || name === "SecurityError" ? "refused" : "unavailable";
}

interface Shown {
  code: string;
  result: ScanResult;
  /** performance.now() of the frame the reader found the code in. */
  frameAt: number;
  /** Each scan is a new panel (the stepper starts again, the focus moves to it). */
  serial: number;
}

export default function DoorScanner({ resolve, onCheckIn, formatTime, onClose }: DoorScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const readerRef = useRef<Promise<{ reader: QrReader; kind: QrReaderKind }> | null>(null);
  const lastSeen = useRef<{ code: string; at: number } | null>(null);
  const serial = useRef(0);
  const [camera, setCamera] = useState<CameraState>("starting");
  const [readerKind, setReaderKind] = useState<QrReaderKind | null>(null);
  const [hidden, setHidden] = useState(() => document.visibilityState === "hidden");
  const [shown, setShown] = useState<Shown | null>(null);
  // The latest resolve, so a scan after the list reloaded reads the new list without restarting the camera.
  const resolveRef = useRef(resolve);
  useEffect(() => {
    resolveRef.current = resolve;
  }, [resolve]);

  // A phone in a pocket or on another tab does not keep its camera on.
  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  useEffect(() => {
    if (hidden) return;
    const video = videoRef.current;
    if (!video) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let lastRead = 0;

    const next = (read: () => void) => {
      if (stopped) return;
      if ("requestVideoFrameCallback" in video) video.requestVideoFrameCallback(() => read());
      else timer = window.setTimeout(read, READ_EVERY_MS);
    };

    const start = async () => {
      setCamera("starting");
      if (!navigator.mediaDevices?.getUserMedia) return setCamera("unavailable");
      readerRef.current ??= createQrReader();
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch (error) {
        if (!stopped) setCamera(cameraProblem(error));
        return;
      }
      let reader: QrReader;
      try {
        const created = await readerRef.current;
        reader = created.reader;
        if (!stopped) setReaderKind(created.kind);
      } catch {
        readerRef.current = null;
        if (!stopped) setCamera("failed");
        return;
      }
      if (stopped) return;
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        if (!stopped) setCamera("unavailable");
        return;
      }
      if (stopped) return;
      setCamera("scanning");

      const read = async () => {
        if (stopped) return;
        const frameAt = performance.now();
        if (frameAt - lastRead < READ_EVERY_MS || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return next(() => void read());
        lastRead = frameAt;
        let code: string | undefined;
        try {
          code = (await reader.detect(video))[0];
        } catch {
          // A frame the reader could not take (the video resizing): the next one will do.
        }
        if (code !== undefined && !stopped) {
          const seen = lastSeen.current;
          const same = seen !== null && seen.code === code && frameAt - seen.at < SAME_CODE_MS;
          lastSeen.current = { code, at: frameAt };
          if (!same) {
            const result = await resolveRef.current(code);
            if (!stopped) {
              serial.current += 1;
              setShown({ code, result, frameAt, serial: serial.current });
            }
          }
        }
        next(() => void read());
      };
      next(() => void read());
    };
    void start();

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      video.srcObject = null;
    };
  }, [hidden]);

  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  // After checking in, the same code again: the list has reloaded, so it now says who is in.
  const refresh = useCallback(async (code: string) => {
    const result = await resolveRef.current(code);
    setShown((current) => (current && current.code === code ? { ...current, result } : current));
  }, []);

  const state: CameraState = hidden ? "paused" : camera;
  const problem = cameraMessages[state];
  return (
    <section aria-labelledby="door-scanner-title" className="mt-4 rounded-2xl border border-amber/40 bg-night/60 p-4" data-reader={readerKind ?? undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="door-scanner-title" className="text-xl text-ivory">
          Scan tickets
        </h2>
        <button ref={closeRef} type="button" className="button-secondary" onClick={onClose}>
          Close scanner
        </button>
      </div>
      {problem ? (
        <p role="alert" className="mt-3 rounded-2xl border border-danger/50 bg-danger/10 p-3 text-lg text-danger">
          {problem}
        </p>
      ) : (
        <p role="status" className="mt-2 text-sand">
          {state === "scanning" ? "Point the camera at a ticket's QR code." : state === "paused" ? "The camera is off while this page is hidden." : "Starting the camera…"}
        </p>
      )}
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera view"
        className={`mt-3 aspect-[4/3] w-full max-w-md rounded-xl bg-black object-cover ${problem ? "hidden" : ""}`}
      />
      <div aria-live="polite" className="mt-4">
        {shown ? <ScanResultPanel key={shown.serial} shown={shown} formatTime={formatTime} onCheckIn={onCheckIn} onCheckedIn={refresh} /> : null}
      </div>
    </section>
  );
}

const toneClasses = {
  go: "border-sage bg-sage/15",
  done: "border-amber bg-amber/10",
  stop: "border-danger bg-danger/15",
} as const;

function ScanResultPanel({
  shown,
  formatTime,
  onCheckIn,
  onCheckedIn,
}: {
  shown: Shown;
  formatTime: DoorScannerProps["formatTime"];
  onCheckIn: DoorScannerProps["onCheckIn"];
  onCheckedIn(code: string): Promise<void>;
}) {
  const words = describeScan(shown.result, formatTime);
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLParagraphElement>(null);
  const [seats, setSeats] = useState(words.seatsToCheckIn);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  // Scan to result: from the frame the code was found in to this panel in the page. Kept as a
  // performance measure and on the panel, for the check-in bench.
  useLayoutEffect(() => {
    const end = performance.now();
    const ms = end - shown.frameAt;
    performance.measure("ticket-scan", { start: shown.frameAt, end });
    panelRef.current?.setAttribute("data-scan-ms", ms.toFixed(1));
    headingRef.current?.focus();
  }, [shown.frameAt]);

  const guest = shown.result.kind === "guest" ? shown.result.guest : null;
  const left = words.seatsToCheckIn;
  const count = Math.min(Math.max(seats, 1), Math.max(left, 1));

  async function checkIn() {
    if (!guest || busy) return;
    setBusy(true);
    try {
      const answered = await onCheckIn(guest.reservationId, count);
      setAnswer(answered);
      if (answered.ok) await onCheckedIn(shown.code);
    } catch {
      setAnswer({ ok: false, message: "Could not save the check-in. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={panelRef} data-testid="scan-result" data-tone={words.tone} className={`rounded-2xl border-2 p-4 ${toneClasses[words.tone]}`}>
      <p ref={headingRef} tabIndex={-1} className="text-2xl font-semibold break-words text-ivory sm:text-3xl">
        {words.headline}
      </p>
      {words.detail ? <p className="mt-1 text-lg text-ivory">{words.detail}</p> : null}
      {guest && left > 0 ? (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          {left > 1 ? (
            <div>
              <label htmlFor={`scan-seats-${shown.serial}`} className="block text-sm font-semibold text-sand">
                Seats arriving
              </label>
              <div className="mt-1 flex items-center gap-2">
                <button type="button" className="button-secondary px-4" aria-label="One seat fewer" disabled={count <= 1} onClick={() => setSeats(count - 1)}>
                  −
                </button>
                <input
                  id={`scan-seats-${shown.serial}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={left}
                  value={count}
                  onChange={(event) => setSeats(Number(event.target.value) || 1)}
                  className="input-field w-20 text-center text-lg"
                />
                <button type="button" className="button-secondary px-4" aria-label="One seat more" disabled={count >= left} onClick={() => setSeats(count + 1)}>
                  +
                </button>
              </div>
            </div>
          ) : null}
          <button type="button" className="button-primary text-lg" disabled={busy} onClick={() => void checkIn()}>
            {busy ? "Checking in…" : `Check in ${count}`}
          </button>
        </div>
      ) : null}
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`mt-3 ${answer.ok ? "text-ivory" : "text-danger"}`}>
          {answer.message}
        </p>
      ) : null}
    </div>
  );
}
