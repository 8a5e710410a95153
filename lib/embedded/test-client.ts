import { afterAll, afterEach, beforeAll } from "vitest";
import { ADMIN_TOKEN_HEADER } from "./admin-token";
import { EMBEDDED_KEYS } from "./demo-keys";
import { startEmbeddedServer, type EmbeddedServer, type EmbeddedServerOptions } from "./server";

export type SseEvent = { event: string } & Record<string, unknown>;

export interface DemoRun {
  workflow_run_id: string;
  form_token: string;
  form_tokens: string[];
  user: string;
}

export interface DemoRunOptions {
  demo?: "review" | "parallel";
  replay_mode?: "pubsub" | "streams";
  snapshot_style?: "events" | "reasons";
  step_delay_ms?: number;
}

// Reads an SSE body like a client would: skips `event: ping` and anything not `data:`, stops at
// the end of the stream or once `until` matches (then cancels the request).
export async function readSse(
  response: Response,
  until?: (event: SseEvent) => boolean,
): Promise<SseEvent[]> {
  if (!response.body) return [];
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf("\n\n");
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf("\n\n");
      for (const line of block.split("\n")) {
        if (!line.startsWith("data:")) continue;
        const event = JSON.parse(line.slice(5).trim()) as SseEvent;
        events.push(event);
        if (until?.(event)) {
          await reader.cancel();
          return events;
        }
      }
    }
  }
  return events;
}

// Like readSse to the end of the body, but a connection cut mid-stream is reported, not thrown.
export async function readSseToEnd(
  response: Response,
): Promise<{ events: SseEvent[]; error: unknown }> {
  const events: SseEvent[] = [];
  try {
    await readSse(response, (event) => {
      events.push(event);
      return false;
    });
    return { events, error: null };
  } catch (error) {
    return { events, error };
  }
}

// Small typed helpers over fetch for the embedded service's tests.
export function createTestClient(server: EmbeddedServer) {
  const auth = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });
  const json = (key: string): Record<string, string> => ({
    ...auth(key),
    "Content-Type": "application/json",
  });

  return {
    auth,
    workflowKey: EMBEDDED_KEYS.workflowApp,
    chatflowKey: EMBEDDED_KEYS.chatflowApp,
    datasetKey: EMBEDDED_KEYS.dataset,

    get(
      path: string,
      key: string = EMBEDDED_KEYS.workflowApp,
      init: RequestInit = {},
    ): Promise<Response> {
      return fetch(`${server.url}${path}`, { ...init, headers: auth(key) });
    },

    post(path: string, body: unknown, key: string = EMBEDDED_KEYS.workflowApp): Promise<Response> {
      return fetch(`${server.url}${path}`, {
        method: "POST",
        headers: json(key),
        body: JSON.stringify(body),
      });
    },

    admin(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
      return fetch(`${server.origin}/_embedded${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: {
          "Content-Type": "application/json",
          [ADMIN_TOKEN_HEADER]: server.adminToken,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    },

    async demoRun(
      user: string,
      app: "workflow" | "chatflow" = "workflow",
      options: DemoRunOptions = {},
    ): Promise<DemoRun> {
      const response = await this.admin("/demo-runs", { body: { user, app, ...options } });
      if (response.status !== 200)
        throw new Error(`demo run failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as DemoRun;
    },

    async openStreams(): Promise<number> {
      return ((await (await this.admin("/streams")).json()) as { open: number }).open;
    },

    async setFaults(faults: unknown[]): Promise<void> {
      const response = await this.admin("/faults", { body: { faults } });
      if (response.status !== 200)
        throw new Error(`faults failed: ${response.status} ${await response.text()}`);
    },

    async formStatus(
      token: string,
    ): Promise<{ status: string; submission: Record<string, unknown> | null }> {
      const response = await this.admin(`/forms/${token}`);
      return (await response.json()) as {
        status: string;
        submission: Record<string, unknown> | null;
      };
    },
  };
}

export type TestClient = ReturnType<typeof createTestClient>;

/**
 * Starts a server on a free port for one test file, resets it after each test (unless told not
 * to) and closes it at the end. Read `server` and `client` from the returned object inside tests.
 */
export function withTestServer(
  options: Omit<EmbeddedServerOptions, "port"> = {},
  { reset = true }: { reset?: boolean } = {},
): { server: EmbeddedServer; client: TestClient } {
  const handle = {} as { server: EmbeddedServer; client: TestClient };
  beforeAll(async () => {
    handle.server = await startEmbeddedServer({ port: 0, stepDelayMs: 5, ...options });
    handle.client = createTestClient(handle.server);
  });
  afterAll(() => handle.server.close());
  if (reset) afterEach(() => handle.client.admin("/reset", { body: {} }).then(() => undefined));
  return handle;
}
