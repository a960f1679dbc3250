import { render } from "@react-email/components";
import type { ReactElement } from "react";

/** Every message goes out as HTML with a plain-text part made from the same template. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
