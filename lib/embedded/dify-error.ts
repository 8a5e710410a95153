import type { ServerResponse } from "node:http";

// A Dify-style error: the body is always {status, code, message}, status repeated.
export class DifyError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  // Positional like an Error's own arguments: `new DifyError(404, "not_found", "…")` reads as
  // the body it sends.
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/**
 * What Dify answers on a Human Input route it does not serve a v2 form on: its v2 form routes are
 * stubs (`abort(501, …)`), and the service API has no v2 route at all.
 */
export const humanInputV2NotServed = (): DifyError =>
  new DifyError(
    501,
    "not_implemented",
    "Human Input v2 form stub endpoint is not implemented yet.",
  );

export function sendDifyJson(
  res: ServerResponse,
  {
    status,
    body,
    headers = {},
  }: { status: number; body: unknown; headers?: Record<string, string> },
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

export function sendDifyError(res: ServerResponse, error: DifyError): void {
  sendDifyJson(res, {
    status: error.status,
    body: { status: error.status, code: error.code, message: error.message },
    headers: error.headers,
  });
}
