import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

/** Serves `listener` on a free loopback port for a test; `close()` ends every connection. */
export async function serveForTest(
  listener: RequestListener,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
