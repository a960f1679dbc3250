import { ChevronDown, LogIn, Menu, X } from "lucide-react";
import { Dialog, DropdownMenu } from "radix-ui";
import { useEffect, useRef } from "react";
import { Link, NavLink as RouterNavLink } from "react-router";
import { headerOpacity, STRONG_SHADOW_AFTER_PX } from "./header-opacity";
import { Logo } from "./logo";
import { aboutLinks, donateLink, externalLinkProps, type NavLink } from "./navigation";

const navItemClass =
  "rounded-full px-3 py-2 text-[0.95rem] text-sand transition-colors hover:text-amber aria-[current=page]:text-amber";

export function SiteHeader() {
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    let frame = 0;
    const paint = () => {
      frame = 0;
      // Tailwind mixes the colour with a percentage.
      header.style.setProperty("--header-bg-opacity", `${(headerOpacity(window.scrollY) * 100).toFixed(1)}%`);
      header.dataset.scrolled = window.scrollY > STRONG_SHADOW_AFTER_PX ? "true" : "false";
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    paint();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <header
      ref={headerRef}
      data-scrolled="false"
      className="fixed inset-x-0 top-0 z-40 h-(--header-height) bg-night/(--header-bg-opacity) shadow-[0_1px_8px_rgba(0,0,0,0.25)] backdrop-blur-md transition-shadow duration-300 [--header-bg-opacity:95%] data-[scrolled=true]:shadow-[0_6px_28px_rgba(0,0,0,0.55)]"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between px-5 sm:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <AboutMenu />
          <RouterNavLink to="/events" className={navItemClass}>
            Events
          </RouterNavLink>
          <RouterNavLink to="/program" className={navItemClass}>
            Program
          </RouterNavLink>
          <a href={donateLink.to} {...externalLinkProps} className={navItemClass}>
            Donate<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Link
            to="/login"
            className="ml-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-sand transition-colors hover:bg-ivory/5 hover:text-amber"
            aria-label="Log in"
            title="Log in"
          >
            <LogIn aria-hidden size={20} />
          </Link>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}

function AboutMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${navItemClass} group inline-flex items-center gap-1 data-[state=open]:text-amber`}>
        About
        <ChevronDown aria-hidden size={16} className="transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={10}
          className="z-50 min-w-48 rounded-2xl border border-ember bg-umber/98 p-2 shadow-2xl shadow-black/60"
        >
          {aboutLinks.map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link
                to={link.to}
                className="block rounded-xl px-4 py-2.5 text-sand outline-none data-highlighted:bg-ember data-highlighted:text-amber"
              >
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The spec's slide-out menu: About, Events, Donate and Login. */
const mobileLinks: NavLink[] = [
  { label: "About", to: "/about" },
  { label: "Events", to: "/events" },
  donateLink,
  { label: "Login", to: "/login" },
];

function MobileMenu() {
  const itemClass = "block rounded-xl px-4 py-3 text-lg text-sand hover:bg-ember hover:text-amber";
  return (
    <Dialog.Root>
      <Dialog.Trigger
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ivory hover:bg-ivory/5 md:hidden"
        aria-label="Open menu"
      >
        <Menu aria-hidden size={24} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm data-[state=open]:animate-[fade-up_0.2s_ease-out]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-umber p-6 shadow-2xl shadow-black data-[state=open]:animate-[slide-in_0.25s_ease-out]"
        >
          <div className="mb-6 flex items-center justify-between">
            <Dialog.Title className="font-display text-2xl text-ivory">Menu</Dialog.Title>
            <Dialog.Close
              className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ivory hover:bg-ivory/5"
              aria-label="Close menu"
            >
              <X aria-hidden size={24} />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {mobileLinks.map((link) => (
                <li key={link.label}>
                  <Dialog.Close asChild>
                    {link.external ? (
                      <a href={link.to} {...externalLinkProps} className={itemClass}>
                        {link.label}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <Link to={link.to} className={itemClass}>
                        {link.label}
                      </Link>
                    )}
                  </Dialog.Close>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
