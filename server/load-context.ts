import "react-router";

/** What the HTTP server hands every loader and action besides the request. */
export interface ServerLoadContext {
  /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router writes. */
  cspNonce: string;
  /** The client's address (from the connection, or X-Forwarded-For when TRUST_PROXY is set). */
  clientIp: string;
  /** True when the request comes from this machine (loopback), e.g. for the dev mailbox. */
  isLoopback: boolean;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerLoadContext {}
}
