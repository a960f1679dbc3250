import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? // The server build's entry is our Hono app, so the HTTP server, the domain modules and the
      // React Router routes share one module graph (one database handle, one job queue).
      { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : {
        rollupOptions: {
          output: {
            entryFileNames: "assets/[name]-[hash].js",
            // Every page needs React, React Router and the shared chrome; as two files instead of a
            // dozen small ones they arrive sooner on a slow connection. Pages keep their own chunk,
            // and code only one page uses (a page's form and its schema library) stays in it.
            codeSplitting: {
              groups: [
                { name: "framework", priority: 3, test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
                // The chrome every page shows (header, footer, dialogs, site facts) is one file; form
                // rules (zod/mini) and the members' components load only with the pages that use them,
                // in chunks the bundler shares between those pages.
                // The event card and the lists and heroes around it: one file for the event pages
                // instead of five small ones. The reservation form stays apart: it loads on intent.
                // The community form and the 'Connect With Us' block around it travel together (home, /contact, /join).
                { name: "community", priority: 1, test: /[\\/]app[\\/]components[\\/]community[\\/]/ },
                // The event cards' icons in a small file of their own: /contact draws the map pin too,
                // and would otherwise load the whole event-card file for it.
                { name: "event-icons", priority: 1, test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](map-pin|calendar-days|calendar-plus)\.mjs$/ },
                { name: "events", priority: 1, test: /[\\/]app[\\/]components[\\/]events[\\/](?!reservation-form)/ },
                {
                  name: "shared",
                  // Before "events", so the chrome's own parts (the dialog) stay in the chrome's file.
                  priority: 2,
                  // Also chrome: the global audio player (not its page panel, nor its tracking client,
                  // which loads with the first play), the error page, lucide's runtime (its icons travel
                  // with the pages that draw them) and Vite's preload helper (every page with a lazy part
                  // needs it).
                  test: /[\\/]app[\\/](components[\\/](layout|ui)|lib)[\\/]|[\\/]app[\\/]components[\\/]music[\\/]audio-player[\\/](?!player-panel|tracking-client)|[\\/]app[\\/]components[\\/]message-page|[\\/]app[\\/]modules[\\/]community[\\/]subscription-messages|node_modules[\\/]lucide-react[\\/](?!dist[\\/]esm[\\/]icons[\\/])|vite[\\/]preload-helper/,
                },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
