import { useId, useRef, type ButtonHTMLAttributes, type ReactNode, type RefObject } from "react";
import { Dialog, type DialogProps } from "./dialog";

export { ShownDialog } from "./dialog";

/**
 * A button and the modal dialog it opens, on the browser's own <dialog>: showModal() makes the rest
 * of the page inert, Tab wraps around inside it, it closes on Escape and hands focus back to the
 * trigger, with no script library to download. The server draws the dialog (closed) and the
 * button opens it with an invoker command, so it works before hydration and without JavaScript;
 * the click handler does the same where the browser has no invoker commands. Clicking the
 * backdrop or a link inside closes it too; the page does not scroll behind it (app.css).
 * `dialogRef` lets the owner close it itself (a form that succeeded).
 */
export function Modal({
  trigger,
  triggerProps,
  dialogRef: givenDialogRef,
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
  const ownDialogRef = useRef<HTMLDialogElement>(null);
  const dialogRef = givenDialogRef ?? ownDialogRef;
  const dialogId = useId();

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        command="show-modal"
        commandfor={dialogId}
        {...triggerProps}
        onClick={() => {
          onOpen?.();
          if (!dialogRef.current?.open) dialogRef.current?.showModal();
        }}
      >
        {trigger}
      </button>
      <Dialog {...dialog} id={dialogId} dialogRef={dialogRef} onClose={() => triggerRef.current?.focus()} />
    </>
  );
}
