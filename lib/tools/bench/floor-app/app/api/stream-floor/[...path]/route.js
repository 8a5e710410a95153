// POST /api/stream-floor/{path}: the framework's floor for a large upload. The request's body read
// as a Node stream and passed with undici.request to the same upstream at {path}, as the app
// passes a file on, with no parsing and no checks: the least a Next route handler can spend
// forwarding a body. BENCH_UPSTREAM_ORIGIN names the upstream.
import { Readable } from "node:stream";
import { request } from "undici";

const PREFIX = "/api/stream-floor";
const upstream = process.env.BENCH_UPSTREAM_ORIGIN;

export async function POST(incoming) {
  const url = new URL(incoming.url);
  const answer = await request(upstream + url.pathname.slice(PREFIX.length) + url.search, {
    method: "POST",
    headers: {
      authorization: incoming.headers.get("authorization") ?? "",
      "content-type": incoming.headers.get("content-type") ?? "",
    },
    body: Readable.fromWeb(incoming.body),
  });
  return new Response(await answer.body.text(), {
    status: answer.statusCode,
    headers: { "Content-Type": answer.headers["content-type"] ?? "application/json" },
  });
}
