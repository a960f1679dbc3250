import { NavLink, Outlet, type ShouldRevalidateFunction } from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/staff-layout";
import { actionForStaffPath, staffNavigation } from "#app/components/admin/staff-navigation";
import { StaffHeaderPlayer } from "#app/components/music/audio-player/global-audio-player";
import { requireStaffPage } from "#app/routes/guards.server";
import { can } from "#app/modules/access";
import { isNoSignalAnswer } from "#app/lib/no-signal";
import type { StaffAreaHandle } from "#app/lib/page-area";

/** Marks its pages as the staff area's (the root sets `data-staff-area` on `<html>`: app/lib/page-area.ts). */
export const handle: StaffAreaHandle = { staffArea: true };

/**
 * The staff area's shell: it authorises each page once, by the policy action of the page's
 * navigation entry (signed out 401, without the role 403, both with the spec's words), and shows
 * only the navigation the person may use. Each page's own loader and action ask the policy again
 * for what they do: loaders run side by side, so none may rely on this one having refused first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, actionForStaffPath(new URL(request.url).pathname), context);
  return {
    email: user.email,
    navigation: staffNavigation.filter((item) => can(user, item.action)).map(({ label, to }) => ({ label, to })),
  };
}

/**
 * The shell's data (the person's address and navigation) changes only with a sign-in or sign-out,
 * both form posts: a page's own refresh (the door's, every 5 s, decision 068) does not ask for it
 * again, nor fail on it when the door has no signal. Each page's loader still authorises its page.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, defaultShouldRevalidate }) =>
  formMethod && !isNoSignalAnswer(actionResult) ? defaultShouldRevalidate : false;

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="px-4 pb-16 sm:px-6">
      <div className="mx-auto max-w-7xl">
        {/* Every tab in view at every width: on a phone they wrap into rows (a row that scrolled sideways
            hid Activity and System, and the current tab, past the edge), and the rows scroll away with the
            page instead of sticking over it; from md, where one row holds them, the row sticks under the header. */}
        <nav
          aria-label="Staff"
          className="z-20 -mx-4 border-b border-sand/15 bg-night px-4 sm:-mx-6 sm:px-6 md:sticky md:top-(--header-height)"
        >
          <ul className="flex flex-wrap gap-1 py-2">
            {loaderData.navigation.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.to === "/admin"}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-amber ${
                      isActive ? "bg-amber text-night" : "text-sand hover:bg-amber/10 hover:text-ivory"
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* The player and who is signed in, in the flow under the navigation: nothing floats over the page's controls. */}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <StaffHeaderPlayer />
          <p className="ml-auto text-xs text-mist">Signed in as {loaderData.email}</p>
        </div>
        <Outlet />
      </div>
      {/* Sonner draws its close button 20 px square; 24 px is WCAG 2.2's smallest target (2.5.8). */}
      <Toaster theme="dark" richColors closeButton position="top-right" toastOptions={{ classNames: { closeButton: "size-6!" } }} />
    </div>
  );
}
