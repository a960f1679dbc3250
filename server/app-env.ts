/**
 * What the Hono middleware sets on each request for the handlers after it (the client's address and
 * limit key, whether it is local, the page's nonce). Its own file so that the route mounts
 * (auth-routes.ts) and the application that mounts them (create-app.ts) need not import each other.
 */
export type AppEnv = { Variables: { clientIp: string; clientKey: string; isLoopback: boolean; secureHeadersNonce?: string; oneClickUnsubscribe?: boolean; routePattern?: string } };
