import { errorResponse, ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";

// GET|POST /api/bench-floor: the benchmark's framework floor (docs/decisions/005-benchmark-method.md),
// a fixed small JSON with no upstream call, answered by Next alone: no route wrapper, no log line,
// no guard. What the app's own routes take beyond it is the app's. Off (404) unless
// BENCH_FLOOR_ROUTE=true, which only `npm run bench` sets.

const BODY = JSON.stringify({ status: "ok", floor: "framework" });

function notFound(): Response {
  return errorResponse(ApiError.of("not_found", "Not found."));
}

export function GET(): Response {
  if (!getEnv().benchFloorRoute) return notFound();
  return new Response(BODY, {
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

/** The floor of an upload: the body is read to its end and thrown away. */
export async function POST(request: Request): Promise<Response> {
  if (!getEnv().benchFloorRoute) return notFound();
  const reader = request.body?.getReader();
  if (reader) while (!(await reader.read()).done);
  return new Response(BODY, {
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
