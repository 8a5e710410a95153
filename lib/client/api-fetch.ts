import type * as z from "zod/mini";
import { errorEnvelopeSchema } from "@/lib/errors/error-envelope";
import { ApiClientError } from "@/lib/client/api-client-error";
import { isErrorCode } from "@/lib/errors/error-code";

/** A response body's JSON, or undefined when it is not JSON (a proxy's page, an empty body). */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A failed response as an ApiClientError: `unexpected_response` unless it is our envelope. */
export function readErrorResponse(status: number, body: string): ApiClientError {
  const envelope = errorEnvelopeSchema.safeParse(parseJsonText(body));
  if (!envelope.success) {
    return new ApiClientError(
      status,
      "unexpected_response",
      `The server answered with status ${status}.`,
    );
  }
  const { code, message, issues } = envelope.data;
  return new ApiClientError(
    status,
    isErrorCode(code) ? code : "unexpected_response",
    message,
    issues ?? [],
  );
}

type RequestOptions = {
  method?: "GET" | "POST";
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Sends a request: a lost response becomes `network_error`, a non-2xx one its ApiClientError. */
async function send(
  url: string,
  accept: string,
  options: RequestOptions,
  { lost, cache }: { lost: string; cache?: RequestCache },
): Promise<Response> {
  const post = options.json !== undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (post ? "POST" : "GET"),
      headers: {
        Accept: accept,
        ...options.headers,
        ...(post ? { "Content-Type": "application/json" } : {}),
      },
      body: post ? JSON.stringify(options.json) : undefined,
      signal: options.signal,
      cache,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiClientError(0, "network_error", lost);
  }
  if (!response.ok) throw readErrorResponse(response.status, await response.text().catch(() => ""));
  return response;
}

export async function apiFetch<S extends z.ZodMiniType>(
  url: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const response = await send(url, "application/json", options, {
    lost: "The connection failed. Check your network and try again.",
  });
  const parsed = schema.safeParse(parseJsonText(await response.text().catch(() => "")));
  if (!parsed.success) {
    throw new ApiClientError(
      response.status,
      "unexpected_response",
      "The server sent an unexpected answer.",
    );
  }
  return parsed.data;
}

/** Opens a streamed response (SSE), by GET or by POSTing `json`. */
export async function apiStream(
  { url, ...options }: { url: string; headers?: Record<string, string>; json?: unknown },
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const streamFetch = { lost: "The connection failed.", cache: "no-store" } as const;
  const response = await send(url, "text/event-stream", { ...options, signal }, streamFetch);
  if (!response.body) throw readErrorResponse(response.status, "");
  return response.body;
}
