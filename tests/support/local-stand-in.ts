import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A provider's API standing in on 127.0.0.1 for the tests (Twilio, Stripe): a plain HTTP server on
 * a free port, started and stopped by the test, whose subclass answers each request.
 */
export abstract class LocalStandIn {
  private server: Server | undefined;

  constructor(private readonly name: string) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error(`The ${this.name} stand-in is not listening`);
    return `http://127.0.0.1:${address.port}`;
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  protected abstract handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}
