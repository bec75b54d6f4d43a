/**
 * The base of the local HTTP doubles of external services (ViaCEP, Melhor Envio): a real server on
 * 127.0.0.1 at a free port, its origin in `url` once started, and the two failure switches the
 * adapters' tests use (a slow answer past their timeout, an error status). Subclasses answer in
 * `handle` after `beforeAnswer` applied the delay.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export abstract class HttpDouble {
  /** Delay every answer by this many ms (a service slower than its adapter's timeout). */
  delayMs = 0;
  /** Answer every request with this status (e.g. 502 for an outage), or null for normal answers. */
  failWith: number | null = null;
  /** `http://127.0.0.1:<port>` once started. */
  url = '';
  private readonly server = http.createServer((req, res) => {
    void this.beforeAnswer()
      .then(() => this.handle(req, res))
      .catch((error: unknown) => {
        // A client that gave up (an adapter's timeout) aborted its request: nothing is left to answer.
        if (req.destroyed || res.destroyed) return;
        throw error;
      });
  });

  /** Listens on `port` (0: a free one, as the service tests use; the e2e store's carrier double has a fixed one). */
  async start(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Writes `body` as JSON with `status`, unless the client already gave up (timed out). */
  protected json(res: http.ServerResponse, status: number, body: unknown): void {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;

  private async beforeAnswer(): Promise<void> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
  }
}
