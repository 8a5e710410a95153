import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import { DifyError } from "./dify-error";

const MAX_BODY_BYTES = 1024 * 1024;

// Reads a JSON object body; anything else is a 400 invalid_param like Dify's request parser.
export async function readDifyJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new DifyError(413, "request_entity_too_large", "Request body is too large.");
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks).toString("utf8");
  if (raw.trim() === "")
    throw new DifyError(400, "invalid_param", "Request body must be a JSON object.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new DifyError(
      400,
      "invalid_param",
      "Failed to decode JSON object: the request body is not valid JSON.",
    );
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new DifyError(400, "invalid_param", "Request body must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

// Parses with a zod schema and turns the first issue into a readable invalid_param message.
export function parseDifyBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String).join(".") ?? "";
  const message = issue ? `${path ? `${path}: ` : ""}${issue.message}` : "Invalid request body.";
  throw new DifyError(400, "invalid_param", message);
}

// Dify's own wording when `user` is missing or empty.
export function requireUser(value: unknown): string {
  if (typeof value !== "string" || value === "")
    throw new DifyError(400, "invalid_param", "Arg user must be provided.");
  return value;
}
