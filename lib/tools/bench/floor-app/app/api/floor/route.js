// GET|POST /api/floor: the framework floor. A fixed small JSON with no upstream call, no wrapper,
// no guard, no log line: what a Next route handler costs before any code of its own. A POST reads
// its body to the end and drops it (the floor of an upload).

const BODY = JSON.stringify({ status: "ok", floor: "framework" });
const HEADERS = { "Content-Type": "application/json", "Cache-Control": "no-store" };

export function GET() {
  return new Response(BODY, { headers: HEADERS });
}

export async function POST(request) {
  const reader = request.body?.getReader();
  if (reader) while (!(await reader.read()).done);
  return new Response(BODY, { headers: HEADERS });
}
