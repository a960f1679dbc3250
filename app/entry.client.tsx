import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { markHydration } from "#app/lib/hydration-marks";
import { NonceContext } from "#app/lib/nonce";
import { beginHydration } from "#app/lib/use-hydrated";
import { readInlineStylesheet, StylesheetContext } from "#app/lib/stylesheet";

// The first render in the browser must match the server's HTML, nonce attributes included. The
// browser hides the attribute but keeps the value on the element's `nonce` property.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
// Likewise the inline stylesheet: the browser renders the text the server sent.
const stylesheet = readInlineStylesheet(document);

/** React Router's router, made in its first render (the `router:create` mark, decision 070). */
function Router() {
  markHydration("router:create");
  return <HydratedRouter />;
}

markHydration("hydrate:start");
beginHydration();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={stylesheet}>
          <Router />
        </StylesheetContext.Provider>
      </NonceContext.Provider>
    </StrictMode>,
  );
});
