import "react";

/**
 * HTML's invoker commands (Chromium 135, Firefox 144, Safari 26.2): a button opens or closes the
 * dialog named by `commandfor` with no script at all, so a dialog works before hydration and
 * without JavaScript. React passes the attributes through; its types do not list them yet.
 */
declare module "react" {
  // Merging with React's interface needs its type parameter, which this addition does not use.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close";
    commandfor?: string;
  }
}
