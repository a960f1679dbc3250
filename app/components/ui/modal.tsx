import { lazy, Suspense, useRef, useState, type ButtonHTMLAttributes, type ComponentProps, type ReactNode, type RefObject } from "react";
import type { DialogProps } from "./dialog";

/**
 * The dialog's code (dialog.tsx) is fetched when a pointer, a finger or the focus reaches for its
 * button, and at the latest on the press; most visits never open one, so pages do not load it.
 */
const loadDialog = () => import("./dialog");
const OpenedDialog = lazy(loadDialog);
const prefetchDialog = () => void loadDialog().catch(() => undefined);

/**
 * A modal dialog on the browser's own <dialog>: showModal() makes the rest of the page inert,
 * Tab wraps around inside it, it closes on Escape and hands focus back to the trigger, with no script library
 * to download. Clicking the backdrop or a link inside closes it too; the page does not scroll behind it (app.css).
 * `dialogRef` lets the owner close it itself (a form that succeeded).
 */
export function Modal({
  trigger,
  triggerProps,
  dialogRef,
  onOpen,
  ...dialog
}: DialogProps & {
  trigger: ReactNode;
  triggerProps: ButtonHTMLAttributes<HTMLButtonElement>;
  dialogRef?: RefObject<HTMLDialogElement | null>;
  /** Called as the dialog opens (a dialog may render its content only once opened). */
  onOpen?: () => void;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [openCount, setOpenCount] = useState(0);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        {...triggerProps}
        onPointerEnter={(event) => {
          prefetchDialog();
          triggerProps.onPointerEnter?.(event);
        }}
        onTouchStart={(event) => {
          prefetchDialog();
          triggerProps.onTouchStart?.(event);
        }}
        onFocus={(event) => {
          prefetchDialog();
          triggerProps.onFocus?.(event);
        }}
        onClick={() => {
          onOpen?.();
          setOpenCount((count) => count + 1);
        }}
      >
        {trigger}
      </button>
      {openCount > 0 ? (
        <ShownDialog {...dialog} dialogRef={dialogRef} openCount={openCount} onClose={() => triggerRef.current?.focus()} />
      ) : null}
    </>
  );
}

/**
 * A dialog without a trigger that opens once its code has arrived (at once if it already has), and
 * again each time `openCount` changes: a confirmation that follows a form, which says in `onClose`
 * where the visitor goes next.
 */
export function ShownDialog(props: ComponentProps<typeof OpenedDialog>) {
  return (
    <Suspense fallback={null}>
      <OpenedDialog {...props} />
    </Suspense>
  );
}
