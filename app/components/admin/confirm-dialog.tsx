import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";

/**
 * The confirmation of every destructive staff action (Radix AlertDialog: focus moves into it, Tab
 * stays inside, Escape cancels and focus returns to the trigger). `onConfirm` runs the action;
 * without JavaScript the trigger is a plain form button (see the page), so nothing is lost.
 */
export function ConfirmDialog(props: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Trigger asChild>{props.trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-night/80" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-sand/20 bg-umber p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-2xl text-ivory">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-sand">{props.description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className="button-secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-6 py-2.5 font-semibold text-night hover:bg-ivory"
              onClick={props.onConfirm}
            >
              {props.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
