import { readFileSync } from "node:fs";
import path from "node:path";
import stylesheetUrl from "#app/app.css?url";
import { projectRoot } from "./project-root.server";

let cached: string | null | undefined;

/**
 * The built stylesheet's text, read once from build/client, or null in development (Vite serves the
 * file itself and replaces it on every edit) and when the built file is missing.
 */
export function inlineStylesheet(): string | null {
  if (cached !== undefined) return cached;
  if (import.meta.env.DEV) return (cached = null);
  try {
    const css = readFileSync(path.join(projectRoot(), "build", "client", stylesheetUrl.replace(/^\//, "")), "utf8");
    // A closing tag inside the text would end the element early; Tailwind's output never has one.
    cached = css.includes("</") ? null : css;
  } catch {
    cached = null;
  }
  return cached;
}
