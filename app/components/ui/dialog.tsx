import { X } from "lucide-react";
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";

export interface DialogProps {
  title: ReactNode;
  titleClassName?: string;
  description?: ReactNode;
  closeLabel?: string;
  /** Classes of the panel: its size and place (centred, or slid in from a side). */
  className: string;
  children: ReactNode;
}

/*
 * The dialog itself, drawn by the server (closed) with the page it belongs to: its button opens it
 * with an invoker command (modal.tsx), so it works before hydration and without JavaScript.
 */

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog> makes the page inert, but Tab from its last control still leaves for the
 * browser's own toolbar: wrap around instead, so keyboard focus stays in the dialog.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)].filter((element) => element.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The modal dialog: its owner opens it with a button whose command names `id`, or with
 * `dialogRef.current.showModal()` (a confirmation that follows a form), and says in `onClose`
 * where the visitor goes next. Its close button and a press on the backdrop (closedby) close it
 * without JavaScript too; the handlers do the same where the browser lacks those attributes.
 */
export function Dialog({
  id,
  dialogRef,
  onClose,
  ...props
}: DialogProps & { id?: string; dialogRef: RefObject<HTMLDialogElement | null>; onClose?: () => void }) {
  const ownId = useId();
  const dialogId = id ?? ownId;
  const titleId = useId();
  const descriptionId = useId();
  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      id={dialogId}
      closedby="any"
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      // The browser's own size limits are lifted unless the panel sets its own: two max-height classes
      // would leave the winner to the stylesheet's order (the reserve dialog's 92svh lost to none).
      className={`m-0 ${/(^|\s)max-h-/.test(props.className) ? "" : "max-h-none"} ${/(^|\s)max-w-/.test(props.className) ? "" : "max-w-none"} bg-transparent p-0 text-ivory backdrop:bg-black/65 backdrop:backdrop-blur-sm ${props.className}`}
      onClick={(event) => {
        // The backdrop, or a link that leads elsewhere, closes the dialog.
        const target = event.target as Element;
        if (target === event.currentTarget || target.closest("a")) close();
      }}
      onClose={onClose}
      onKeyDown={keepTabInside}
    >
      {/* The panel scrolls within the dialog's own height limit (a form grown by its error summary stays reachable). */}
      <div className="h-full max-h-[inherit] overflow-y-auto rounded-[inherit] bg-umber p-7 shadow-2xl shadow-black/60 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className={props.titleClassName ?? "font-display text-3xl text-ivory"}>
            {props.title}
          </h2>
          <button
            type="button"
            command="close"
            commandfor={dialogId}
            aria-label={props.closeLabel ?? "Close"}
            onClick={close}
            className="-mt-1 -mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-sand hover:bg-ivory/5 hover:text-amber"
          >
            <X aria-hidden size={22} />
          </button>
        </div>
        {props.description ? (
          <div id={descriptionId} className="mt-3 mb-6 text-sand">
            {props.description}
          </div>
        ) : null}
        {props.children}
      </div>
    </dialog>
  );
}

/**
 * A dialog without a trigger that opens as soon as it is drawn, and again each time `openCount`
 * changes: a confirmation that follows a form, which says in `onClose` where the visitor goes next.
 */
export function ShownDialog({
  openCount,
  dialogRef: givenDialogRef,
  ...props
}: DialogProps & { openCount: number; dialogRef?: RefObject<HTMLDialogElement | null>; onClose?: () => void }) {
  const ownDialogRef = useRef<HTMLDialogElement>(null);
  const dialogRef = givenDialogRef ?? ownDialogRef;
  useEffect(() => {
    if (openCount > 0 && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [openCount, dialogRef]);
  return <Dialog {...props} dialogRef={dialogRef} />;
}
