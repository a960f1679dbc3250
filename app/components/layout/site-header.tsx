import { LogIn, Menu, UserRound } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { useDonateHref, useSignedInUser } from "#app/lib/use-signed-in-user";
import { DisclosureMenu } from "../ui/disclosure-menu";
import { Modal } from "../ui/modal";
import { Logo } from "./logo";
import { aboutLinks, donateLink, type NavLink } from "./navigation";
import { SiteLink } from "./site-link";
import { useScrollFadeFallback } from "./use-scroll-fade-fallback";

const navItemClass =
  "rounded-full px-3 py-2 text-[0.95rem] text-sand transition-colors hover:text-amber aria-[current=page]:text-amber";

/**
 * The header fades and its shadow deepens as the page scrolls: in CSS (`.site-header`, app.css), so
 * from the first paint, with a scroll listener where the browser lacks scroll-driven animations.
 * `player` sits in its middle, between the logo and the navigation (decision 057).
 */
export function SiteHeader({ player }: { player: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useScrollFadeFallback(ref);
  return (
    <header ref={ref} className="site-header fixed inset-x-0 top-0 z-40 h-(--header-height) backdrop-blur-md">
      {/* Below 360 px the edges give the player a little more room. */}
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-2 px-3 min-[22.5rem]:px-5 sm:gap-3 sm:px-8">
        <Logo />
        {player}
        <DesktopNavigation />
        <MobileMenu />
      </div>
    </header>
  );
}

/** The desktop menu: the About dropdown, Events, (Member Welcome), Program, Donate, then the account items. */
function DesktopNavigation() {
  const user = useSignedInUser();
  const donate = donateLink(useDonateHref());
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        <li>
          <DisclosureMenu
            label="About"
            buttonClassName={`${navItemClass} inline-flex items-center gap-1 group-has-[:popover-open]:text-amber`}
            panelClassName="w-52 rounded-2xl border border-ember bg-umber p-2 shadow-2xl shadow-black/60"
          >
            <ul>
              {aboutLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="block rounded-xl px-4 py-2.5 text-sand outline-none hover:bg-ember hover:text-amber focus-visible:bg-ember focus-visible:text-amber"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </DisclosureMenu>
        </li>
        {(user ? signedInDesktopLinks(donate) : desktopLinks(donate)).map((link) => (
          <li key={link.label}>
            <SiteLink link={link} className={navItemClass} />
          </li>
        ))}
        {user?.staffHome ? (
          <li>
            <SiteLink link={staffLink(user.staffHome)} className={navItemClass} />
          </li>
        ) : null}
        {user ? (
          <>
            <li>
              <Link
                to="/profile"
                className="ml-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-sand transition-colors hover:bg-ivory/5 hover:text-amber aria-[current=page]:text-amber"
                aria-label="Profile"
                title="Profile"
              >
                <UserRound aria-hidden size={20} />
              </Link>
            </li>
            <li>
              <LogoutButton className={navItemClass} />
            </li>
          </>
        ) : (
          <li>
            <Link
              to="/login"
              className="ml-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-sand transition-colors hover:bg-ivory/5 hover:text-amber"
              aria-label="Log in"
              title="Log in"
            >
              <LogIn aria-hidden size={20} />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

const memberWelcomeLink: NavLink = { label: "Member Welcome", to: "/welcome" };
const desktopLinks = (donate: NavLink): NavLink[] => [{ label: "Events", to: "/events" }, { label: "Program", to: "/program" }, donate];
const signedInDesktopLinks = (donate: NavLink): NavLink[] => [{ label: "Events", to: "/events" }, memberWelcomeLink, { label: "Program", to: "/program" }, donate];

/** The spec's slide-out menu: About, Events, (Member Welcome), Donate, then Profile and Logout, or Login. */
const mobileLinks = (donate: NavLink): NavLink[] => [
  { label: "About", to: "/about" },
  { label: "Events", to: "/events" },
  donate,
  { label: "Login", to: "/login" },
];
const signedInMobileLinks = (donate: NavLink): NavLink[] => [
  { label: "About", to: "/about" },
  { label: "Events", to: "/events" },
  memberWelcomeLink,
  donate,
  { label: "Profile", to: "/profile" },
];

/** Staff reach their pages from every page: the dashboard for admins, the reservations for event staff. */
function staffLink(to: string): NavLink {
  return { label: "Staff", to };
}

/** Logout ends the session on the server and goes to /. */
function LogoutButton(props: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={props.className}>
        Logout
      </button>
    </Form>
  );
}

/** The menu button; the dialog's code loads when the button is first reached (ui/modal.tsx). */
function MobileMenu() {
  const user = useSignedInUser();
  const donate = donateLink(useDonateHref());
  const itemClass = "block rounded-xl px-4 py-3 text-lg text-sand hover:bg-ember hover:text-amber";
  return (
    <Modal
      trigger={<Menu aria-hidden size={24} />}
      triggerProps={{
        "aria-label": "Open menu",
        className: "inline-flex h-11 w-11 items-center justify-center rounded-full text-ivory hover:bg-ivory/5 lg:hidden",
      }}
      title="Menu"
      titleClassName="font-display text-2xl text-ivory"
      closeLabel="Close menu"
      className="slide-in-right ml-auto h-dvh w-[min(20rem,85vw)]"
    >
      <nav aria-label="Mobile" className="mt-6">
        <ul className="space-y-1">
          {(user ? [...signedInMobileLinks(donate), ...(user.staffHome ? [staffLink(user.staffHome)] : [])] : mobileLinks(donate)).map((link) => (
            <li key={link.label}>
              <SiteLink link={link} className={itemClass} />
            </li>
          ))}
          {user ? (
            <li>
              <LogoutButton className={`${itemClass} w-full text-left`} />
            </li>
          ) : null}
        </ul>
      </nav>
    </Modal>
  );
}
