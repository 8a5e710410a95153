// /api/proxy-floor/{path}: the framework proxy floor. The leanest proxy anyone can write in Next:
// the same request (method, headers, body) passed with fetch to the same upstream at {path}, its
// status and body returned, with no checks. BENCH_UPSTREAM_ORIGIN names the upstream.

const PREFIX = "/api/proxy-floor";
const upstream = process.env.BENCH_UPSTREAM_ORIGIN;

async function forward(request) {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.delete("host");
  headers.delete("connection");
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const answer = await fetch(upstream + url.pathname.slice(PREFIX.length) + url.search, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    duplex: hasBody ? "half" : undefined,
  });
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": answer.headers.get("content-type") ?? "application/json" },
  });
}

export const GET = forward;
export const POST = forward;
