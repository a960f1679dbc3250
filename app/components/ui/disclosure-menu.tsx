import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A navigation dropdown in the WAI-ARIA disclosure pattern: a button with aria-expanded that
 * shows a list of links. Escape closes it and puts focus back on the button; a click elsewhere,
 * focus leaving it, or a navigation closes it too. Small on purpose: it is on every page.
 */
export function DisclosureMenu(props: { label: string; buttonClassName: string; panelClassName: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  // Following one of its links closes the menu: it stays open only on the page it was opened on.
  const expanded = open && openedAt === pathname;

  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [expanded]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        className={`group ${props.buttonClassName}`}
        onClick={() => {
          setOpen(!expanded);
          setOpenedAt(pathname);
        }}
      >
        {props.label}
        <ChevronDown aria-hidden size={16} className="transition-transform duration-200 group-aria-expanded:rotate-180" />
      </button>
      <div id={panelId} hidden={!expanded} className={props.panelClassName}>
        {props.children}
      </div>
    </div>
  );
}
