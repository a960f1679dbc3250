import "react-router";

/** What the HTTP server hands every loader and action besides the request. */
export interface ServerLoadContext {
  /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router writes. */
  cspNonce: string;
  /** The client's address: the connection's, or the X-Forwarded-For entry the trusted proxies wrote (TRUST_PROXY). */
  clientIp: string;
  /**
   * What every per-client limit counts under (clientRateLimitKey): the IPv4 address, or the /64 of
   * an IPv6 one. Limits take this, never `clientIp`.
   */
  clientKey: string;
  /**
   * True only for a request from this machine: a loopback connection, no forwarding header, and a
   * loopback Host name (so neither a proxy nor a DNS-rebinding page counts). Guards the dev mailbox.
   */
  isLoopback: boolean;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerLoadContext {}
}
