import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * The browsers the stylesheet is written for (Vite's default, Baseline widely available). The server
 * build sets it too: the server inlines the stylesheet it built (app/lib/stylesheet.tsx), and with
 * Node's target it would drop the prefixes Safari needs.
 */
const cssTarget = ["chrome111", "edge111", "firefox114", "safari16.4", "ios16.4"];

/**
 * lucide's icons, drawn by our smaller renderer (app/components/ui/lucide-icon.ts, decision 035):
 * each icon file's `../createLucideIcon.mjs` resolves to it. Both builds bundle lucide-react so the
 * server draws the same markup the browser hydrates; the dev server keeps lucide's own.
 */
const lightLucideRenderer = fileURLToPath(new URL("./app/components/ui/lucide-icon.ts", import.meta.url));
function lightLucideIcons(): Plugin {
  return {
    name: "light-lucide-icons",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)) return lightLucideRenderer;
      return null;
    },
  };
}

/**
 * The chrome every page draws or runs, bundled with the framework (below): the header (its menus,
 * and the mobile menu's button: ui/modal, whose dialog loads when it is first wanted), the footer,
 * the site facts and page titles, the global audio player (not its page panel, nor its tracking
 * client, which loads with the first play), the error page, the icon renderer (the icons travel with
 * the pages that draw them) and Vite's preload helper. A form field or a FAQ list stays with the
 * pages that show one.
 */
const CHROME =
  /[\\/]app[\\/](components[\\/](layout[\\/]|ui[\\/](disclosure-menu|modal|dialog|lucide-icon)\.|message-page)|lib[\\/](site-config|seo|nonce|stylesheet|use-signed-in-user|use-hydrated|next-task|hydration-marks|no-signal)\.)|[\\/]app[\\/]components[\\/]music[\\/]audio-player[\\/](?!player-panel|tracking-client)|[\\/]app[\\/]modules[\\/]community[\\/]subscription-messages|vite[\\/]preload-helper/;

/**
 * React Router names every server entry after its own (index.js, then index2.js…); the bounce
 * poller's thread entry keeps its name, so the server finds it as build/server/bounce-worker.js.
 */
function bounceWorkerEntryName(): Plugin {
  return {
    name: "bounce-worker-entry-name",
    apply: "build",
    enforce: "post",
    outputOptions(options) {
      const named = options.entryFileNames;
      return {
        ...options,
        entryFileNames: (chunk) => (chunk.name === "bounce-worker" ? "bounce-worker.js" : typeof named === "function" ? named(chunk) : (named ?? "[name].js")),
      };
    },
  };
}

/**
 * V8's explicit compile hint (Chromium 136+): a file that starts with `//# allFunctionsCalledOnLoad`
 * is compiled whole while it streams in, off the main thread, instead of function by function on
 * the main thread the first time each runs. React DOM's and React Router's functions nearly all run
 * in hydration's first tasks (the router's creation, the render, the commit, the first effects),
 * where their lazy compilation made long tasks longer (decision 070). Added after minification,
 * which would drop the comment; other browsers read a comment.
 */
const EAGER_CHUNKS = new Set(["react", "react-dom", "react-router", "framework"]);
function eagerCompileHints(): Plugin {
  return {
    name: "eager-compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk" && EAGER_CHUNKS.has(file.name)) file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
      }
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  ssr: command === "build" ? { noExternal: ["lucide-react"] } : undefined,
  build: isSsrBuild
    ? // The server build's entry is our Hono app, so the HTTP server, the domain modules and the
      // React Router routes share one module graph (one database handle, one job queue).
      // The bounce poller's thread (server/bounce-worker.ts) is a second entry beside it.
      { rollupOptions: { input: { index: "./server/app.ts", "bounce-worker": "./server/bounce-worker.ts" } }, target: "node20", cssTarget }
    : {
        cssTarget,
        rollupOptions: {
          output: {
            entryFileNames: "assets/[name]-[hash].js",
            // Every page needs React, React Router and the shared chrome; as one file instead of a
            // dozen small ones they arrive sooner on a slow connection. Pages keep their own chunk,
            // and code only one page uses (a page's form and its schema library) stays in it.
            codeSplitting: {
              groups: [
                // React, React DOM, React Router and the chrome every page draws (CHROME), in four files
                // that every page loads and the boot script runs one per task (deferred-hydration.server.ts,
                // decision 038): as one file they ran as one long task before hydration. Form rules
                // (zod/mini) and the members' components load only with the pages that use them, in
                // chunks the bundler shares between those pages.
                { name: "react", priority: 7, test: /node_modules[\\/]react[\\/]/ },
                { name: "react-dom", priority: 6, test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
                { name: "react-router", priority: 5, test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
                { name: "framework", priority: 4, test: CHROME },
                // The event card and the lists and heroes around it: one file for the event pages
                // instead of five small ones. The reservation form stays apart: it loads on intent.
                // The community form and the 'Connect With Us' block around it travel together (home, /contact, /join).
                { name: "community", priority: 1, test: /[\\/]app[\\/]components[\\/]community[\\/]/ },
                // Small parts several pages share, each in a file of its own. They are taken after the
                // chrome (so lucide's runtime stays there) and before the groups of priority 1, which
                // would take them along with what imports them: /login would then load the community
                // form for its text field, and /harmonize the event cards for its dialog.
                // With the forms' error summary and focus (decision 055), which every form with fields uses.
                { name: "form-validation", priority: 2, test: /[\\/]app[\\/](components[\\/](members[\\/]use-form-validation|ui[\\/]form-errors)|lib[\\/]form-errors)\./ },
                { name: "auth-card", priority: 2, test: /[\\/]app[\\/]components[\\/]members[\\/]auth-card\./ },
                { name: "text-field", priority: 2, test: /[\\/]app[\\/]components[\\/]ui[\\/]text-field\./ },
                // The icons of /about's and /vip's lists in one small file instead of three.
                { name: "list-icons", priority: 1, test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](heart-handshake|eighth-notes|users)\.mjs$/ },
                // The event cards' icons in a small file of their own: /contact draws the map pin too,
                // and would otherwise load the whole event-card file for it.
                { name: "event-icons", priority: 1, test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](map-pin|calendar-days|calendar-plus)\.mjs$/ },
                // Not what only the reservation pages, the guest's link pages or the staff's guest list
                // draw: the group takes each file's imports with it, and organisers-contact and
                // ticket-qr-code import the reservations module (its zod form rules and the payments
                // rules), which cost every events page 20 KiB gzip and a 100 ms evaluation (decision 070).
                {
                  name: "events",
                  priority: 1,
                  test: /[\\/]app[\\/]components[\\/]events[\\/](?!reservation-form|guest-link-card|reserve-events-page|reservation-confirmed|reservation-summary|organisers-contact|ticket-qr-code)/,
                },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  plugins: [lightLucideIcons(), tailwindcss(), reactRouter(), bounceWorkerEntryName(), eagerCompileHints()],
}));
