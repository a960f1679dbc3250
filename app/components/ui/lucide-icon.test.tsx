import * as mapPinModule from "lucide-react/icons/map-pin";
import * as xModule from "lucide-react/icons/x";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

type IconData = Parameters<typeof createLucideIcon>[0];
// The icon files export their data beside the component; lucide's typings name only the component.
const iconData = (module: object) => (module as { __iconData: IconData }).__iconData;
const x = iconData(xModule);
const mapPin = iconData(mapPinModule);

// lucide-react's own renderer, which the production build replaces with ours (untyped: it is
// lucide's internal file, named here by a variable so the type checker does not look for it).
const lucideRendererPath = "lucide-react/dist/esm/createLucideIcon.mjs";
const { default: lucideCreateIcon } = (await import(lucideRendererPath)) as { default: (icon: IconData) => ComponentType };

// Every way the site draws an icon, and lucide's defaults.
const propsInUse: Record<string, unknown>[] = [
  {},
  { "aria-hidden": true, size: 16, className: "shrink-0" },
  { "aria-hidden": true, size: 22 },
  { "aria-hidden": true, size: 20, className: "mx-auto text-amber", strokeWidth: 1.5 },
  { "aria-label": "Close", size: 18 },
  { role: "img", className: "a  b a" },
  { size: 48, strokeWidth: 1, absoluteStrokeWidth: true },
  { color: "red", width: 10, height: 12 },
];

describe("the light lucide renderer", () => {
  for (const icon of [x, mapPin]) {
    for (const props of propsInUse) {
      it(`draws ${icon.name} as lucide does with ${JSON.stringify(props)}`, () => {
        const ours = renderToStaticMarkup(createElement(createLucideIcon(icon), props));
        const lucides = renderToStaticMarkup(createElement(lucideCreateIcon(icon), props));
        expect(ours).toBe(lucides);
      });
    }
  }

  it("keeps a child (a title) and then leaves the icon announced", () => {
    const ours = renderToStaticMarkup(createElement(createLucideIcon(x), {}, createElement("title", null, "Close")));
    expect(ours).toContain("<title>Close</title>");
    expect(ours).not.toContain("aria-hidden");
  });
});
