import { ApiError } from "@/lib/errors/api-error";

// A cursor is opaque to callers: the last row's sort key, base64url-encoded JSON.

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The sort key a cursor holds, checked against its shape; a bad cursor is a 400. */
export function decodeCursor<T extends (string | number)[]>(
  cursor: string,
  check: (key: unknown[]) => key is T,
): T {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    key = undefined;
  }
  if (!Array.isArray(key) || !check(key)) {
    throw ApiError.of("invalid_request", "The cursor is not one this server gave out.");
  }
  return key;
}
