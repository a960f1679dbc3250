/**
 * Gives other requests their turn before long work goes on. A resolved promise is not enough: its
 * continuation runs before any I/O, and the embedded database's queries resolve that way, so a
 * loop of queries would hold every other request until it ends. A timer rather than setImmediate:
 * the loop then waits a moment for I/O, so a request that needs several steps (a static file is
 * a stat, an open and reads) can take them all in one pause rather than one step per slice of work.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
