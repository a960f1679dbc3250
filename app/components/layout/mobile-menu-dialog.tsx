import { useEffect, useRef, type ReactNode } from "react";
import { Dialog } from "../ui/dialog";
import type { NavLink } from "./navigation";
import { SiteLink } from "./site-link";

/**
 * The slide-out menu's dialog. It loads when the menu is first wanted (site-header.tsx), not with
 * every page, and opens as soon as it is drawn; closing it hands focus back to the menu button.
 */
export default function MobileMenuDialog(props: {
  links: NavLink[];
  logout: ReactNode;
  itemClass: string;
  /** Changes each time the menu button is pressed: the dialog opens again. */
  openCount: number;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (props.openCount > 0 && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [props.openCount]);

  return (
    <Dialog
      dialogRef={dialogRef}
      onClose={props.onClose}
      title="Menu"
      titleClassName="font-display text-2xl text-ivory"
      closeLabel="Close menu"
      className="slide-in-right ml-auto h-dvh w-[min(20rem,85vw)]"
    >
      <nav aria-label="Mobile" className="mt-6">
        <ul className="space-y-1">
          {props.links.map((link) => (
            <li key={link.label}>
              <SiteLink link={link} className={props.itemClass} />
            </li>
          ))}
          {props.logout ? <li>{props.logout}</li> : null}
        </ul>
      </nav>
    </Dialog>
  );
}
