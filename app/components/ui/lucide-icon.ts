import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/**
 * The production build draws lucide's icons with this instead of lucide-react's own
 * `createLucideIcon` (vite.config.ts swaps it in for the icon files; decision 035). The icons and
 * their import names stay lucide's; only the renderer is smaller: lucide-react 1.x builds every icon
 * through a general attribute mapper, a context and class merging, about 1.1 KiB of gzip script on
 * every page. The site uses none of that: it passes `size`, `className`, sometimes `strokeWidth`,
 * and `aria-hidden` or a label. The markup is lucide's, attribute for attribute (lucide-icon.test.ts
 * renders both and compares).
 */
interface IconData {
  name: string;
  size?: number;
  node: [tag: string, attributes: Record<string, string>][];
}

type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

/** lucide's rule: an icon with a label, a role or a title is announced; any other is hidden. */
function hasAccessibleProp(props: Record<string, unknown>): boolean {
  return Object.keys(props).some((prop) => (prop.startsWith("aria-") || prop === "role" || prop === "title") && props[prop] != null);
}

export default function createLucideIcon(icon: IconData) {
  const viewBoxSize = icon.size ?? 24;
  const Component = forwardRef<SVGSVGElement, IconProps>(function LucideIcon(
    { color = "currentColor", size = 24, strokeWidth = 2, absoluteStrokeWidth, className, children, ...rest },
    ref,
  ) {
    const stroke = absoluteStrokeWidth ? (Number(strokeWidth) * viewBoxSize) / Number(size) : strokeWidth;
    const classes = [...new Set(["lucide", `lucide-${icon.name}`, ...(className?.split(/\s+/) ?? [])].filter(Boolean))].join(" ");
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: `0 0 ${viewBoxSize} ${viewBoxSize}`,
        fill: "none",
        stroke: color,
        strokeWidth: stroke,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: classes,
        ...(children || hasAccessibleProp(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  });
  Component.displayName = icon.name;
  return Component;
}
