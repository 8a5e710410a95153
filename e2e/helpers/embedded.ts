import { createAdminClient } from "@/lib/embedded/admin-client";
import { readAdminToken } from "@/lib/embedded/admin-token";
import type { FaultKind } from "@/lib/embedded/store";
import { E2E_EMBEDDED_PORT } from "@/e2e/ports";

// The embedded service the suite runs against, read and scripted through its admin API.

export const EMBEDDED_ORIGIN = `http://127.0.0.1:${E2E_EMBEDDED_PORT}`;

/**
 * The admin API's one client. Its token (published by `lib/embedded/main.ts`) is read for each
 * request, so a restarted service is followed.
 */
export const embeddedAdmin = createAdminClient({
  origin: EMBEDDED_ORIGIN,
  token: () => readAdminToken(E2E_EMBEDDED_PORT),
});

export async function getCalls() {
  return embeddedAdmin.calls();
}

/** Upstream calls made on behalf of one of our requests (matched by its X-Request-Id). */
export async function callsForRequest(requestId: string) {
  return (await embeddedAdmin.calls()).filter((call) => call.request_id === requestId);
}

/** Calls the embedded service saw for one form token since the test began. */
export async function callsFor(fragment: string) {
  return (await getCalls()).filter((call) => call.path.includes(fragment));
}

export async function openStreams(): Promise<number> {
  return embeddedAdmin.openStreams();
}

/** Cuts open event streams upstream: all of them, or only those following `runId`. */
export async function dropStreams(runId?: string): Promise<number> {
  return embeddedAdmin.dropStreams({ runId });
}

/** Switches the demo apps off (`400 app_unavailable`): one of them, or none with `false`. */
export async function setAppUnavailable(value: false | "workflow" | "chatflow") {
  await embeddedAdmin.configure({ appUnavailable: value });
}

export type Fault = {
  /** `user`: only requests made for that Dify user (a shared path's fault kept to one story). */
  match: { method?: string; path: string; user?: string };
  kind: FaultKind;
  delay_ms?: number;
  times?: number;
  body?: unknown;
  /** A `json` fault's status (200 unless given). */
  status?: number;
};

/**
 * Adds faults to the embedded service for the rest of the test, in one step on the service (a
 * read-then-write here would race the tests beside it). Faults match by path prefix, so tests
 * scope them to their own form token or run id, or (on a shared path such as /v1/files/upload)
 * to their own form's user, and do not disturb tests running alongside.
 */
export async function addFaults(faults: Fault[]) {
  await embeddedAdmin.addFaults(faults);
}

/** Drops the faults under `pathPrefix`; with `user`, only those scoped to that user. */
export async function removeFaults(pathPrefix: string, user?: string) {
  await embeddedAdmin.clearFaults({ path: pathPrefix, user });
}
