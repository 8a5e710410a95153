import { ApiError } from "@/lib/api-error";

/** Headers every API response carries: answers hold personal data and must not be cached. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** Reads a JSON request body; a wrong content type is 415 and unreadable JSON is 400. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw ApiError.of("unsupported_media_type", "Send the request body as application/json.");
  }
  try {
    return (await request.json()) as unknown;
  } catch {
    throw ApiError.of("invalid_request", "The request body is not valid JSON.");
  }
}
