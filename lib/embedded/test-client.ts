import { afterAll, afterEach, beforeAll } from "vitest";
import { readSseJson } from "@/lib/dify/sse-events";
import type { AdminResponse, DemoRunRequest, FaultInput } from "./admin-api";
import { createAdminClient } from "./admin-client";
import { EMBEDDED_KEYS } from "./demo-keys";
import { NO_REMOTE_ANSWERS } from "./remote-file-info";
import { startEmbeddedServer, type EmbeddedServer, type EmbeddedServerOptions } from "./server";
import type { EmbeddedStore } from "./store";
import type { FileCheckContext } from "./validate-file-mapping";

export type SseEvent = { event: string } & Record<string, unknown>;

/** What the file checks need in a unit test: alice, the newest server, no remote answers. */
export function fileCheckContext(store: EmbeddedStore): FileCheckContext {
  return { user: "alice", store, generation: "since-0.7", remote: NO_REMOTE_ANSWERS };
}

export type DemoRun = AdminResponse<"POST demo-runs">;

// Reads an SSE body with the app's one SSE reader: skips keep-alives (`event: ping`) and data that
// is not JSON, stops at the end of the stream or once `until` matches (then cancels the request).
export async function readSse(
  response: Response,
  until?: (event: SseEvent) => boolean,
): Promise<SseEvent[]> {
  if (!response.body) return [];
  const events: SseEvent[] = [];
  for await (const json of readSseJson(response.body)) {
    const event = json as SseEvent;
    events.push(event);
    if (until?.(event)) break;
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

// Small typed helpers over fetch for the embedded service's tests: /v1 calls with a key, and the
// admin API through its one client.
export function createTestClient(server: EmbeddedServer) {
  const auth = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });
  const json = (key: string): Record<string, string> => ({
    ...auth(key),
    "Content-Type": "application/json",
  });
  const admin = createAdminClient({ origin: server.origin, token: server.adminToken });

  return {
    auth,
    workflowKey: EMBEDDED_KEYS.workflowApp,
    chatflowKey: EMBEDDED_KEYS.chatflowApp,
    datasetKey: EMBEDDED_KEYS.dataset,
    admin,

    get(
      path: string,
      { key = EMBEDDED_KEYS.workflowApp, init = {} }: { key?: string; init?: RequestInit } = {},
    ): Promise<Response> {
      const headers = { ...(init.headers as Record<string, string> | undefined), ...auth(key) };
      return fetch(`${server.url}${path}`, { ...init, headers });
    },

    post(
      path: string,
      body: unknown,
      { key = EMBEDDED_KEYS.workflowApp }: { key?: string } = {},
    ): Promise<Response> {
      return fetch(`${server.url}${path}`, {
        method: "POST",
        headers: json(key),
        body: JSON.stringify(body),
      });
    },

    /** A demo run of the workflow app unless told otherwise, paused at its form. */
    demoRun(options: DemoRunRequest): Promise<DemoRun> {
      return admin.startDemoRun(options);
    },

    openStreams(): Promise<number> {
      return admin.openStreams();
    },

    async setFaults(faults: FaultInput[]): Promise<void> {
      await admin.setFaults(faults);
    },

    formStatus(token: string): Promise<{
      status: string;
      submission: Record<string, unknown> | null;
    }> {
      return admin.form(token);
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
  if (reset) afterEach(() => handle.client.admin.reset().then(() => undefined));
  return handle;
}
