import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import cormorantFont from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url";
import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "#app/components/layout/site-footer";
import { SiteHeader } from "#app/components/layout/site-header";
import { pathsWithoutFooter } from "#app/components/layout/navigation";
import { MessagePage } from "#app/components/message-page";
import { SignedInBadge, useSignedInBadgeUser } from "#app/components/layout/signed-in-badge";
import { AudioPlayerProvider } from "#app/components/music/audio-player/audio-player-provider";
import { GlobalAudioPlayer } from "#app/components/music/audio-player/global-audio-player";
import { getUser, type AccessDenied } from "#app/routes/guards.server";
import { getListenerPlaylist } from "#app/routes/listener-playlist.server";
import { takeFooterOutcome } from "#app/routes/site/footer-newsletter.server";
import { staffHomePath } from "#app/modules/access";
import { useNonce } from "#app/lib/nonce";
import { useHydrationMarks } from "#app/lib/hydration-marks";
import { hasOwnWebApp } from "#app/lib/web-app";
import { showsStaffArea } from "#app/lib/page-area";
import { SiteStylesheet } from "#app/lib/stylesheet";
import type { RootData } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { logFailure } from "#app/lib/log.server";
import { isNoSignalAnswer } from "#app/lib/no-signal";

// The two faces the first screen shows are fetched at once. (The stylesheet is inline: see
// SiteStylesheet.)
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: cormorantFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  // Without the library the site still works; the player simply has nothing to play.
  const playlist = await getListenerPlaylist(request, context).then(
    (result) => result.tracks,
    (error: unknown) => {
      logFailure("music", "reading the playlist", error);
      return [];
    },
  );
  const footer = takeFooterOutcome(request, context.env.PUBLIC_URL.startsWith("https://"));
  const rootData: RootData = {
    publicUrl: context.env.PUBLIC_URL,
    user: user ? { id: user.id, email: user.email, name: user.name, staffHome: staffHomePath(user) } : null,
    playlist,
    footerNewsletter: footer?.outcome ?? null,
    // The Donate link: DONATE_URL if set; with Stripe configured our own page of one-off gifts; else the spec's external link.
    donateHref: context.env.DONATE_URL ?? (context.payments ? "/donate" : siteConfig.donationUrl),
  };
  return data(rootData, footer ? { headers: { "Set-Cookie": footer.clear } } : undefined);
}

// Only a form can sign someone in or out; plain navigation leaves the root's data as it was, and so does a
// form that met no signal (the door page answers it itself: app/lib/no-signal.ts).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, defaultShouldRevalidate }) =>
  formMethod && !isNoSignalAnswer(actionResult) ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: ReactNode }) {
  useHydrationMarks();
  const nonce = useNonce();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, "") || "/";
  // The staff area is a tool: no marketing footer under its tables.
  const showFooter = !pathsWithoutFooter.includes(path) && !path.startsWith("/admin");
  // The site's web app, unless the page is one of its own (the staff door links its own: decision 068).
  const matches = useMatches();
  const siteWebApp = !hasOwnWebApp(matches);
  // What the page shows, on <html> for the styles that depend on it (app/lib/page-area.ts).
  const staffArea = showsStaffArea(matches);
  const badgeUser = useSignedInBadgeUser();
  return (
    <html lang="en" data-staff-area={staffArea ? "" : undefined} data-signed-in-badge={badgeUser ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#120d0a" />
        <SiteStylesheet />
        <Meta />
        <Links nonce={nonce} />
        {siteWebApp ? (
          <>
            <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
            <link rel="manifest" href="/site.webmanifest" />
          </>
        ) : null}
      </head>
      <body className="bg-night text-ivory antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-amber px-5 py-3 font-semibold text-night focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <AudioPlayerProvider>
          <SiteHeader player={<GlobalAudioPlayer />} />
          <main id="main" tabIndex={-1} className="min-h-[70vh] pt-(--header-height) outline-none">
            {children}
          </main>
          {showFooter ? <SiteFooter /> : null}
          <SignedInBadge user={badgeUser} />
        </AudioPlayerProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 401 || status === 403) {
    // The staff guard's answer: the spec's message, and a way to sign in when that would help.
    const denied = (isRouteErrorResponse(error) ? error.data : {}) as Partial<AccessDenied>;
    return (
      <MessagePage eyebrow={status === 401 ? "Members and staff" : "Staff only"} title={denied.message ?? "Access denied"} text="">
        {denied.loginPath ? (
          <p className="mt-8">
            <Link to={denied.loginPath} className="button-primary">
              Log in
            </Link>
          </p>
        ) : null}
      </MessagePage>
    );
  }
  const refusal = isRouteErrorResponse(error) && status === 400 ? (error.data as { message?: unknown }).message : undefined;
  if (typeof refusal === "string") return <MessagePage eyebrow="Please check" title={refusal} text="" />;
  const notFound = status === 404;
  // On the server the failure is logged once, without a query's parameters (handleError in entry.server).
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <MessagePage
      eyebrow={notFound ? "404" : "Something went wrong"}
      title={notFound ? "This page could not be found" : "We lost the melody for a moment"}
      text={
        notFound
          ? "The page you were looking for has moved or never existed."
          : `Please try again in a moment. If it keeps happening, write to us at ${siteConfig.contact.email}.`
      }
    />
  );
}
