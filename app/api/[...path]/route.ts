import { ApiError } from "@/lib/errors/api-error";
import { handleRoute } from "@/lib/server/route-handler";

// Any other path under /api: 404 in the error envelope (Next's own 404 is an HTML page).
const notFound = handleRoute("/api/[...path]", () => {
  throw ApiError.of("not_found", "There is no such API route.");
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
