import type { z } from "zod";
import { errorEnvelopeSchema } from "@/lib/errors/api-error";

// The one way the browser calls the app's API: throws ApiClientError carrying `{status, code,
// message}` so every caller can branch on `code`; a lost response becomes `network_error`.

export class ApiClientError extends Error {
  override name = "ApiClientError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type ApiFetchOptions = {
  method?: "GET" | "POST";
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function apiFetch<S extends z.ZodType>(
  url: string,
  schema: S,
  options: ApiFetchOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? "GET",
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiClientError(
      0,
      "network_error",
      "The connection failed. Check your network and try again.",
    );
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const envelope = errorEnvelopeSchema.safeParse(json);
    if (envelope.success)
      throw new ApiClientError(response.status, envelope.data.code, envelope.data.message);
    throw new ApiClientError(
      response.status,
      "unexpected_response",
      `The server answered with status ${response.status}.`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiClientError(
      response.status,
      "unexpected_response",
      "The server sent an unexpected answer.",
    );
  }
  return parsed.data;
}

/**
 * Opens a streamed response (SSE), by GET or by POSTing `json`; a non-2xx answer throws the same
 * ApiClientError.
 */
export async function apiStream(
  url: string,
  options: { headers?: Record<string, string>; signal?: AbortSignal; json?: unknown } = {},
): Promise<ReadableStream<Uint8Array>> {
  let response: Response;
  const post = options.json !== undefined;
  try {
    response = await fetch(url, {
      method: post ? "POST" : "GET",
      headers: {
        Accept: "text/event-stream",
        ...(post ? { "Content-Type": "application/json" } : {}),
        ...options.headers,
      },
      body: post ? JSON.stringify(options.json) : undefined,
      signal: options.signal,
      cache: "no-store",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiClientError(0, "network_error", "The connection failed.");
  }
  if (!response.ok || !response.body) {
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    const envelope = errorEnvelopeSchema.safeParse(json);
    if (envelope.success) {
      throw new ApiClientError(response.status, envelope.data.code, envelope.data.message);
    }
    throw new ApiClientError(
      response.status,
      "unexpected_response",
      `The server answered with status ${response.status}.`,
    );
  }
  return response.body;
}
