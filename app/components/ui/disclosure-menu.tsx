import { ChevronDown } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";

/**
 * A navigation dropdown: a button that shows a list of links, on the browser's popover, so it
 * opens and closes before hydration and without JavaScript. The browser closes it on Escape
 * (focus back on the button) and on a click elsewhere, and tells assistive technology whether it
 * is expanded. With JavaScript it also closes when focus leaves it or one of its links is followed
 * (a client navigation keeps the page), and says aria-expanded itself once it has been toggled.
 * Small on purpose: it is on every page.
 */
export function DisclosureMenu(props: { label: string; buttonClassName: string; panelClassName: string; children: ReactNode }) {
  // Unset until the first toggle: the browser derives the state from popovertarget until then.
  const [expanded, setExpanded] = useState<boolean>();
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  return (
    <div
      className="group relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close(panelRef.current);
      }}
    >
      <button type="button" popoverTarget={panelId} aria-expanded={expanded} aria-controls={panelId} className={`disclosure-anchor ${props.buttonClassName}`}>
        {props.label}
        <ChevronDown aria-hidden size={16} className="transition-transform duration-200 group-has-[:popover-open]:rotate-180" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        popover="auto"
        onToggle={(event) => setExpanded(event.newState === "open")}
        onClick={(event) => {
          if ((event.target as Element).closest("a")) close(panelRef.current);
        }}
        className={`disclosure-panel ${props.panelClassName}`}
      >
        {props.children}
      </div>
    </div>
  );
}

function close(panel: HTMLElement | null) {
  if (panel?.matches(":popover-open")) panel.hidePopover();
}
