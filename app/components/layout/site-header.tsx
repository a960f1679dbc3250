import { ChevronDown, LogIn, Menu } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { useEffect, useRef } from "react";
import { Link, NavLink as RouterNavLink } from "react-router";
import { headerOpacity, STRONG_SHADOW_AFTER_PX } from "./header-opacity";
import { Modal } from "../ui/modal";
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
        <DesktopNavigation />
        <MobileMenu />
      </div>
    </header>
  );
}

/**
 * The desktop menu. Radix's navigation menu gives the About dropdown the disclosure pattern of a
 * site navigation: a button that opens a list of links, Escape to close, focus kept in order.
 */
function DesktopNavigation() {
  return (
    <NavigationMenu.Root aria-label="Main" className="relative hidden md:block" delayDuration={100}>
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item className="relative">
          <NavigationMenu.Trigger className={`${navItemClass} group inline-flex items-center gap-1 data-[state=open]:text-amber`}>
            About
            <ChevronDown
              aria-hidden
              size={16}
              className="transition-transform duration-200 group-data-[state=open]:rotate-180"
            />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="absolute top-full left-0 z-50 mt-3 w-52 rounded-2xl border border-ember bg-umber p-2 shadow-2xl shadow-black/60">
            <ul>
              {aboutLinks.map((link) => (
                <li key={link.to}>
                  <NavigationMenu.Link asChild>
                    <Link
                      to={link.to}
                      className="block rounded-xl px-4 py-2.5 text-sand outline-none hover:bg-ember hover:text-amber focus-visible:bg-ember focus-visible:text-amber"
                    >
                      {link.label}
                    </Link>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        {desktopLinks.map((link) => (
          <NavigationMenu.Item key={link.label}>
            <NavigationMenu.Link asChild>
              {link.external ? (
                <a href={link.to} {...externalLinkProps} className={navItemClass}>
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <RouterNavLink to={link.to} className={navItemClass}>
                  {link.label}
                </RouterNavLink>
              )}
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <Link
              to="/login"
              className="ml-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-sand transition-colors hover:bg-ivory/5 hover:text-amber"
              aria-label="Log in"
              title="Log in"
            >
              <LogIn aria-hidden size={20} />
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

const desktopLinks: NavLink[] = [{ label: "Events", to: "/events" }, { label: "Program", to: "/program" }, donateLink];

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
    <Modal
      trigger={<Menu aria-hidden size={24} />}
      triggerProps={{
        "aria-label": "Open menu",
        className: "inline-flex h-11 w-11 items-center justify-center rounded-full text-ivory hover:bg-ivory/5 md:hidden",
      }}
      title="Menu"
      titleClassName="font-display text-2xl text-ivory"
      closeLabel="Close menu"
      className="slide-in-right ml-auto h-dvh w-[min(20rem,85vw)]"
    >
      <nav aria-label="Mobile" className="mt-6">
          <ul className="space-y-1">
            {mobileLinks.map((link) => (
              <li key={link.label}>
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
              </li>
            ))}
          </ul>
      </nav>
    </Modal>
  );
}
