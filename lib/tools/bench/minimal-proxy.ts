import { createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream/promises";
import { Agent, request } from "undici";

// The bench's proxy floor: the least a reverse proxy written in Node does (node:http in front,
// undici behind, bodies streamed both ways, no checks, no log), so the app's added latency and
// upload throughput are read against what any Node proxy would cost on the same machine.

// Hop-by-hop headers belong to one connection, not to the request passed on.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "host",
]);

function endToEnd(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

export type MinimalProxy = { origin: string; close(): Promise<void> };

/** Listens on a free loopback port and relays every request to `upstreamOrigin`, path kept. */
export async function startMinimalProxy(options: {
  upstreamOrigin: string;
  port?: number;
}): Promise<MinimalProxy> {
  // No body timeout: an event stream may stay quiet as long as it likes.
  const agent = new Agent({ bodyTimeout: 0, headersTimeout: 60_000, connections: null });
  const server = createServer((req, res) => {
    const method = req.method ?? "GET";
    const hasBody = method !== "GET" && method !== "HEAD";
    request(`${options.upstreamOrigin}${req.url ?? "/"}`, {
      method: method as "GET",
      headers: endToEnd(req.headers) as Record<string, string>,
      body: hasBody ? req : null,
      dispatcher: agent,
    }).then(
      async (upstream) => {
        res.writeHead(upstream.statusCode, endToEnd(upstream.headers));
        // Sent as it comes: headers at once (an event stream's first bytes may be a while).
        res.flushHeaders();
        await pipeline(upstream.body, res).catch(() => undefined);
      },
      () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      },
    );
    // The client went away: so does the upstream request (its body stream is destroyed by pipeline).
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await agent.close();
    },
  };
}
