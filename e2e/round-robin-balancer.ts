import http from "node:http";
import type { Socket } from "node:net";

// A small HTTP load balancer for the replica story, standing in for the one in front of a real
// deployment: round-robin over the app servers, one upstream connection per request (so a
// stopped server's closed listener is seen at once), the Host header passed on unchanged, and a
// connection refused tried on the next server (as nginx's `proxy_next_upstream error` does; the
// request was never sent, so even a POST is safe to send again). Responses stream through.

export type BalancedRequest = {
  backend: number;
  method: string;
  path: string;
  status: number | null;
  done: boolean;
};

const MAX_BODY = 16 * 1024 * 1024;

/** The browser's headers as they came (Host included), for a body now of a known length. */
function forwardedHeaders(req: http.IncomingMessage, length: number): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...req.headers };
  delete headers["transfer-encoding"];
  headers.connection = "close";
  headers["content-length"] = String(length);
  return headers;
}

export type RoundRobinBalancer = {
  url: string;
  /** Every request, in the order it reached a server. */
  log: BalancedRequest[];
  /** Sends everything to one server while it accepts connections (null: round-robin). */
  pin(backend: number | null): void;
  close(): Promise<void>;
};

export async function startRoundRobinBalancer(
  port: number,
  backends: number[],
): Promise<RoundRobinBalancer> {
  const log: BalancedRequest[] = [];
  let next = 0;
  let pinned: number | null = null;
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const first = pinned ?? next;
      if (pinned === null) next = (next + 1) % backends.length;
      forward(req, res, body, first, 0);
    });
  });

  function forward(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    backend: number,
    tries: number,
  ) {
    const entry: BalancedRequest = {
      backend,
      method: req.method ?? "GET",
      path: req.url ?? "/",
      status: null,
      done: false,
    };
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: backends[backend],
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req, body.length),
        agent: false,
      },
      (answer) => {
        entry.status = answer.statusCode ?? 502;
        res.writeHead(entry.status, answer.headers);
        answer.pipe(res);
        answer.on("end", () => (entry.done = true));
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" && entry.status === null && tries < backends.length - 1) {
        forward(req, res, body, (backend + 1) % backends.length, tries + 1);
        return;
      }
      entry.done = true;
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    // Logged once the server took the connection (a refused one is not a request it saw).
    upstream.on("socket", (socket) => socket.once("connect", () => log.push(entry)));
    // The browser went away: so does the request to the server (an event stream ends there).
    res.on("close", () => {
      entry.done = true;
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    pin(backend) {
      pinned = backend;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
