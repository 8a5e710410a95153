import { test as base, expect, type FrameLocator, type Page } from "@playwright/test";
import { ADMIN_TOKEN_HEADER, readAdminToken } from "@/lib/embedded/admin-token";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import type { FaultKind } from "@/lib/embedded/store";
import { EMBEDDED_LINK_SECRET } from "@/lib/server/env-schema";
import { formLinkPath } from "@/lib/form/form-link";
import { readStreamEvents } from "@/lib/run/sse-events";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import {
  E2E_CHAT_APP_PORT,
  E2E_EMBEDDED_PORT,
  E2E_METRICS_TOKEN,
  E2E_PORTAL_TOKEN,
  E2E_REPLICA_PORT,
} from "@/e2e/ports";
import { startRoundRobinBalancer, type RoundRobinBalancer } from "@/e2e/round-robin-balancer";

// Fixtures play the portal (start runs over the public API, mint links) and read the embedded
// service's state through its admin endpoints. Specs import `test` and `expect` from here only.

export const EMBEDDED_ORIGIN = `http://127.0.0.1:${E2E_EMBEDDED_PORT}`;

/**
 * Headers of a request to the embedded service's admin routes: its per-process token (published
 * by `lib/embedded/main.ts`, read each time so a restarted service is followed) and JSON.
 */
function adminHeaders(): Record<string, string> {
  return {
    "Content-Type": "application/json",
    [ADMIN_TOKEN_HEADER]: readAdminToken(E2E_EMBEDDED_PORT),
  };
}
/** The app server whose key is the embedded chatflow app's: `test.use({ baseURL: CHAT_APP_URL })`. */
export const CHAT_APP_URL = `http://127.0.0.1:${E2E_CHAT_APP_PORT}`;

export type DemoRun = { runId: string; formToken: string; user: string; link: string };

export type FormRecord = {
  token: string;
  status: "open" | "submitted" | "expired";
  run_id: string;
  node_id: string;
  submission: { inputs: Record<string, unknown>; action: string; user: string } | null;
};

/** A signed link; `scope: "run"` lets it open the run's later forms in place too. */
export function signLink(claims: {
  token: string;
  run?: string;
  user: string;
  ttlSeconds?: number;
  scope?: "form" | "run";
}) {
  const exp = Math.floor(Date.now() / 1000) + (claims.ttlSeconds ?? 3600);
  return formLinkPath(
    { token: claims.token, run: claims.run ?? "", user: claims.user, exp, scope: claims.scope },
    EMBEDDED_LINK_SECRET,
  );
}

export type ReplayMode = "pubsub" | "streams";

export type DemoRunOptions = {
  formTtlSeconds?: number;
  stepDelayMs?: number;
  /** How the embedded service replays this run on a reconnect (each run keeps its own mode). */
  replayMode?: ReplayMode;
  /** `reasons`: the snapshot carries the open forms only in workflow_paused.data.reasons[]. */
  snapshotStyle?: "events" | "reasons";
  /** `parallel`: two Human Input branches open at once. */
  demo?: "review" | "parallel";
  app?: "workflow" | "chatflow";
  query?: string;
};

/**
 * Starts a workflow run as a portal backend would: POST /workflows/run, streaming, to the pause.
 * With `formTtlSeconds` or `stepDelayMs` the embedded service's admin route starts it instead,
 * with forms that expire that soon or steps that slow (the public API has no such knobs).
 */
export async function startRunAsPortal(
  user: string,
  inputs: Record<string, unknown> = {},
  options: DemoRunOptions = {},
): Promise<{ runId: string; formToken: string; formTokens: string[] }> {
  if (Object.values(options).some((value) => value !== undefined)) {
    const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/demo-runs`, {
      method: "POST",
      headers: adminHeaders(),
      body: JSON.stringify({
        user,
        inputs,
        app: options.app,
        query: options.query,
        demo: options.demo,
        form_ttl_seconds: options.formTtlSeconds,
        step_delay_ms: options.stepDelayMs,
        replay_mode: options.replayMode,
        snapshot_style: options.snapshotStyle,
      }),
    });
    if (!response.ok) throw new Error(`demo run: ${response.status} ${await response.text()}`);
    const run = (await response.json()) as {
      workflow_run_id: string;
      form_token: string;
      form_tokens: string[];
    };
    return { runId: run.workflow_run_id, formToken: run.form_token, formTokens: run.form_tokens };
  }
  const response = await fetch(`${EMBEDDED_ORIGIN}/v1/workflows/run`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${EMBEDDED_KEYS.workflowApp}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      inputs: { topic: "Our new release", audience: "Engineers", ...inputs },
      response_mode: "streaming",
      user,
    }),
  });
  if (!response.ok || !response.body) throw new Error(`run start failed: ${response.status}`);
  for await (const event of readStreamEvents(response.body)) {
    if (event.event === "human_input_required" && event.data.form_token) {
      const formToken = event.data.form_token;
      return { runId: event.workflow_run_id ?? "", formToken, formTokens: [formToken] };
    }
  }
  throw new Error("the run did not pause at a form");
}

export async function getFormRecord(token: string): Promise<FormRecord> {
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/forms/${token}`, {
    headers: adminHeaders(),
  });
  return (await response.json()) as FormRecord;
}

export async function getCalls(): Promise<{ method: string; path: string; status: number }[]> {
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/calls`, { headers: adminHeaders() });
  return ((await response.json()) as { calls: { method: string; path: string; status: number }[] })
    .calls;
}

/** Picks files in a file field, found by its label, as the file chooser would. */
export async function attachFiles(
  page: Page,
  label: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  await page.getByRole("group", { name: label }).locator('input[type="file"]').setInputFiles(files);
}

/**
 * Values that must never reach a browser: the keys the app holds, the link secret and the portal
 * token (which the app checks, and never sends back).
 */
export const SECRETS = [
  EMBEDDED_KEYS.workflowApp,
  EMBEDDED_KEYS.chatflowApp,
  EMBEDDED_KEYS.dataset,
  EMBEDDED_LINK_SECRET,
  E2E_PORTAL_TOKEN,
];

/** Upstream calls made on behalf of one of our requests (matched by its X-Request-Id). */
export async function callsForRequest(requestId: string) {
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/calls`, { headers: adminHeaders() });
  const { calls } = (await response.json()) as {
    calls: { method: string; path: string; status: number; request_id?: string }[];
  };
  return calls.filter((call) => call.request_id === requestId);
}

/** The launcher's anonymous user: the HttpOnly cookie the app set in this browser. */
export async function launcherUser(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) =>
    /^(__Host-)?hi_anon_user$/.test(c.name),
  );
  if (!cookie) throw new Error("the launcher has not set its user cookie");
  // `{user}.{signature}`
  return cookie.value.slice(0, cookie.value.lastIndexOf("."));
}

/** The runs the embedded service holds for one user. */
export async function runsOf(user: string): Promise<{ id: string; app: string }[]> {
  const response = await fetch(
    `${EMBEDDED_ORIGIN}/_embedded/runs?user=${encodeURIComponent(user)}`,
    { headers: adminHeaders() },
  );
  return ((await response.json()) as { runs: { id: string; app: string }[] }).runs;
}

/** Requests the page sent to a path of the app (e.g. to see that nothing was sent). */
export function recordRequests(page: Page, path: string): { method: string; url: string }[] {
  const seen: { method: string; url: string }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === path)
      seen.push({ method: request.method(), url: request.url() });
  });
  return seen;
}

async function setAppUnavailable(value: false | "workflow" | "chatflow") {
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/config`, {
    method: "POST",
    headers: adminHeaders(),
    body: JSON.stringify({ appUnavailable: value }),
  });
  if (!response.ok) throw new Error(`config failed: ${response.status}`);
}

export const test = base.extend<{ demoRun: DemoRun; chatAppUnavailable: void; pageGuard: void }>({
  // Every page a test opens is watched: no response may carry a secret, and the CSP must not
  // have to block anything the app itself ships.
  pageGuard: [
    async ({ page }, use) => {
      const leaks: string[] = [];
      const violations: string[] = [];
      const reads: Promise<void>[] = [];
      page.on("response", (response) => {
        const type = response.headers()["content-type"] ?? "";
        if (type.includes("event-stream") || !/text|json|javascript|css/.test(type)) return;
        reads.push(
          response.text().then(
            (body) => {
              for (const secret of SECRETS)
                if (body.includes(secret)) leaks.push(`${response.url()} holds a secret`);
            },
            () => undefined,
          ),
        );
      });
      page.on("console", (message) => {
        // A refused frame-ancestors is the policy doing its job, not an asset of ours blocked.
        const text = message.text();
        if (/Content Security Policy/i.test(text) && !/frame-ancestors/.test(text))
          violations.push(text);
      });
      await use();
      await Promise.all(reads);
      expect(leaks, "responses holding a secret").toEqual([]);
      expect(violations, "CSP violations").toEqual([]);
    },
    { auto: true },
  ],
  // The chatflow app answers 400 app_unavailable for the test's length. Only the chat app server
  // uses that app, and only the launcher's spec (one worker, in order) uses that server.
  chatAppUnavailable: async ({}, use) => {
    await setAppUnavailable("chatflow");
    try {
      await use();
    } finally {
      await setAppUnavailable(false);
    }
  },
  // A fresh paused run of the demo workflow, with a signed link for its own user.
  demoRun: async ({}, use, testInfo) => {
    const user = `e2e-${testInfo.workerIndex}-${Date.now()}@example.com`;
    const { runId, formToken } = await startRunAsPortal(user);
    await use({ runId, formToken, user, link: signLink({ token: formToken, run: runId, user }) });
  },
});

export { expect };

export type CustomFormInput = {
  form_content: string;
  inputs: Record<string, unknown>[];
  user_actions: { id: string; title: string; button_style: string }[];
  resolved_default_values?: Record<string, string>;
  expires_in_seconds?: number;
  with_run?: boolean;
  user?: string;
};

/** Creates a form of the test's own design in the embedded service and signs a link to it. */
export async function createCustomForm(input: CustomFormInput) {
  const user = input.user ?? `custom-${Date.now()}@example.com`;
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/forms`, {
    method: "POST",
    headers: adminHeaders(),
    body: JSON.stringify({ ...input, user }),
  });
  if (response.status !== 201)
    throw new Error(`custom form: ${response.status} ${await response.text()}`);
  const created = (await response.json()) as { form_token: string; workflow_run_id: string | null };
  const run = created.workflow_run_id ?? "";
  return {
    token: created.form_token,
    runId: run,
    user,
    link: signLink({ token: created.form_token, run, user }),
  };
}

/** A complete, valid answer to the demo workflow's review form (`draft` may be replaced). */
export function demoAnswer(draft = "") {
  return {
    draft,
    tone: "Formal",
    cover: { type: "image", transfer_method: "remote_url", url: "https://x.example/a.png" },
    attachments: [],
  };
}

/** Submits a form directly upstream, as another person in another tab would. */
export async function submitUpstream(
  token: string,
  body: { inputs: Record<string, unknown>; action: string; user: string },
) {
  const response = await fetch(`${EMBEDDED_ORIGIN}/v1/form/human_input/${token}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${EMBEDDED_KEYS.workflowApp}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify(body),
  });
  return response.status;
}

/** Calls the embedded service saw for one form token since the test began. */
export async function callsFor(fragment: string) {
  return (await getCalls()).filter((call) => call.path.includes(fragment));
}

export async function openStreams(): Promise<number> {
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/streams`, { headers: adminHeaders() });
  return ((await response.json()) as { open: number }).open;
}

/** Cuts open event streams upstream: all of them, or only those following `runId`. */
export async function dropStreams(runId?: string): Promise<number> {
  const query = runId ? `?run=${encodeURIComponent(runId)}` : "";
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/streams/drop${query}`, {
    method: "POST",
    headers: adminHeaders(),
    body: "{}",
  });
  return ((await response.json()) as { dropped: number }).dropped;
}

export async function getRunRecord(runId: string) {
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/runs/${runId}`, {
    headers: adminHeaders(),
  });
  return (await response.json()) as {
    status: string;
    user: string;
    current_form_token: string | null;
    open_form_tokens: string[];
    events: { event: string }[];
  };
}

/**
 * Reads the app's events route for a link exactly as the page does (the link in its header)
 * until `until` sees an event, and returns the raw text the browser would receive.
 */
export async function readEventsRoute(
  baseURL: string,
  link: string,
  until: (event: { event: string } & Record<string, unknown>) => boolean,
  timeoutMs = 15_000,
): Promise<string> {
  const url = new URL(link, baseURL);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let text = "";
  try {
    const response = await fetch(
      `${baseURL}/api${url.pathname.replace(/^\/form\//, "/forms/")}/events`,
      {
        headers: { "x-form-link": url.search.slice(1) },
        signal: controller.signal,
      },
    );
    if (!response.ok || !response.body) throw new Error(`events route: ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      // Whole events only: the last one may still be arriving.
      const events = text
        .slice(0, Math.max(0, text.lastIndexOf("\n\n")))
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => JSON.parse(line.slice(5)) as { event: string } & Record<string, unknown>);
      if (events.some(until)) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return text;
}

/** The demo form's required answers, filled the quickest way (a remote link for the cover), in a page or a frame. */
export async function fillDemoForm(
  page: Page | FrameLocator,
  tone = "Formal",
  labels: { linkLabel: string; addLabel: string } = {
    linkLabel: "Or link to a file",
    addLabel: "Add link",
  },
) {
  await page.getByLabel("Tone").selectOption(tone);
  const cover = page.getByRole("group", { name: "Cover" });
  const attached = cover.getByText("cover.png", { exact: true });
  // Until the page has hydrated, a click on "Add link" does nothing: add it until it shows.
  await expect(async () => {
    if (await attached.isVisible()) return;
    await cover.getByLabel(labels.linkLabel).fill("https://files.example.com/cover.png");
    await cover.getByRole("button", { name: labels.addLabel }).click({ timeout: 2_000 });
    await expect(attached).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Picks a form action by its title: its own button, or (on a narrow screen, where the bar keeps
 * one row) the entry in the bar's "More" menu.
 */
export async function chooseAction(page: Page | FrameLocator, title: string) {
  const button = page.getByRole("button", { name: title, exact: true });
  if (await button.isVisible()) return button.click();
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: title, exact: true }).click();
}

export type Fault = {
  match: { method?: string; path: string };
  kind: FaultKind;
  delay_ms?: number;
  times?: number;
};

/** Replaces the embedded service's fault list with what `update` makes of the current one. */
async function updateFaults(update: (current: Fault[]) => Fault[]) {
  const url = `${EMBEDDED_ORIGIN}/_embedded/faults`;
  const { faults } = (await (await fetch(url, { headers: adminHeaders() })).json()) as {
    faults: Fault[];
  };
  await fetch(url, {
    method: "POST",
    headers: adminHeaders(),
    body: JSON.stringify({ faults: update(faults) }),
  });
}

/**
 * Adds faults to the embedded service for the rest of the test. Faults match by path prefix, so
 * tests scope them to their own form token or run id and do not disturb tests running alongside.
 */
export function addFaults(faults: Fault[]) {
  return updateFaults((current) => [...current.filter((fault) => fault.times !== 0), ...faults]);
}

export function removeFaults(pathPrefix: string) {
  return updateFaults((current) =>
    current.filter((fault) => !fault.match.path.startsWith(pathPrefix)),
  );
}

/**
 * Plays a portal: the embedded service's stand-in portal page at `portalOrigin` loads the app's
 * embed.js and mounts `formUrl` with `HumanInputForms.mount` (or, with `mode: "element"`, as a
 * `<human-input-form>`) in `#embed`. It records every raw message it receives, in order
 * (`receivedMessages`), and what embed.js hands it (`portalEvents`).
 */
export async function openPortal(
  page: Page,
  portalOrigin: string,
  formUrl: string,
  mode: "mount" | "element" = "mount",
) {
  const query = new URLSearchParams({ src: formUrl });
  if (mode === "element") query.set("mode", "element");
  await page.goto(`${portalOrigin}/_embedded/portal?${query.toString()}`);
}

export type PortalMessage = {
  origin: string;
  data: { type: string; source: string; formToken: string } & Record<string, unknown>;
};

export function receivedMessages(page: Page) {
  return page.evaluate(() => (window as unknown as { received: PortalMessage[] }).received);
}

export type PortalEvent = { type: string; source: string; formToken: string } & Record<
  string,
  unknown
>;

/**
 * What the portal page got from embed.js: `onEvent` callbacks, `human-input:*` DOM events (their
 * `detail`, with the DOM event's name), and how many message listeners its window holds.
 */
export function portalEvents(page: Page) {
  return page.evaluate(() => {
    const portal = window as unknown as {
      callbacks: PortalEvent[];
      domEvents: { type: string; detail: PortalEvent }[];
      messageListeners: () => number;
    };
    return {
      callbacks: portal.callbacks,
      domEvents: portal.domEvents,
      messageListeners: portal.messageListeners(),
    };
  });
}

// ---------------------------------------------------------------- knowledge

export const PORTAL_TOKEN = E2E_PORTAL_TOKEN;
export const DEMO_DATASET = "demo-dataset";

export type MetadataEntry = { id: string; name: string; value: string | number | null };

/** The demo documents' metadata as the embedded service seeds it. */
const SEED_METADATA: Record<string, MetadataEntry[]> = {
  "doc-onboarding": [
    { id: "meta-author", name: "author", value: "Ada Lovelace" },
    { id: "meta-year", name: "year", value: 2024 },
    { id: "meta-reviewed", name: "reviewed", value: "yes" },
  ],
  "doc-pricing": [
    { id: "meta-author", name: "author", value: "Grace Hopper" },
    { id: "meta-year", name: "year", value: 2025 },
  ],
  "doc-security": [
    { id: "meta-author", name: "author", value: "Alan Turing" },
    { id: "meta-year", name: "year", value: 2023 },
    { id: "meta-reviewed", name: "reviewed", value: "no" },
  ],
};

/**
 * Puts demo documents back to their seeded metadata (directly upstream), so a test starts from a
 * known state however often the servers were reused. Each spec writes to its own documents.
 */
export async function resetDemoMetadata(...documentIds: string[]) {
  const response = await fetch(
    `${EMBEDDED_ORIGIN}/v1/datasets/${DEMO_DATASET}/documents/metadata`,
    {
      method: "POST",
      headers: {
        Authorization: `Bearer ${EMBEDDED_KEYS.dataset}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        operation_data: documentIds.map((id) => ({
          document_id: id,
          metadata_list: SEED_METADATA[id] ?? [],
          partial_update: false,
        })),
      }),
    },
  );
  if (!response.ok) throw new Error(`metadata reset: ${response.status} ${await response.text()}`);
  return Object.fromEntries(documentIds.map((id) => [id, SEED_METADATA[id] ?? []]));
}

/** A demo document's metadata as the embedded service holds it now (admin route). */
export async function getDocumentMetadata(documentId: string): Promise<MetadataEntry[]> {
  const response = await fetch(
    `${EMBEDDED_ORIGIN}/_embedded/datasets/${DEMO_DATASET}/documents/${documentId}`,
    { headers: adminHeaders() },
  );
  if (!response.ok) throw new Error(`document ${documentId}: ${response.status}`);
  const document = (await response.json()) as { doc_metadata: MetadataEntry[] };
  return document.doc_metadata.map(({ id, name, value }) => ({ id, name, value }));
}

/** A chunk record exactly as the upstream sends it, to compare what the app shows against. */
export async function getChunkUpstream(documentId: string, segmentId: string) {
  const response = await fetch(
    `${EMBEDDED_ORIGIN}/v1/datasets/${DEMO_DATASET}/documents/${documentId}/segments/${segmentId}`,
    { headers: { Authorization: `Bearer ${EMBEDDED_KEYS.dataset}` } },
  );
  if (!response.ok) throw new Error(`chunk ${segmentId}: ${response.status}`);
  return ((await response.json()) as { data: UpstreamChunk }).data;
}

export type UpstreamChunk = {
  id: string;
  position: number;
  document_id: string;
  content: string;
  word_count: number;
  tokens: number;
  keywords: string[];
  hit_count: number;
  enabled: boolean;
  status: string;
  created_at: number;
  updated_at: number;
  indexing_at: number;
  completed_at: number;
  child_chunks: { id: string; content: string; position: number; word_count: number }[];
  attachments: {
    id: string;
    name: string;
    size: number;
    mime_type: string;
    source_url: string;
  }[];
};

/** Types the portal token into /knowledge's token form. */
export async function enterPortalToken(page: Page, token: string) {
  await page.getByLabel("Portal token").fill(token);
  await page.getByRole("button", { name: "Use token" }).click();
}

/** Opens /knowledge and enters the portal token, as a person does once per tab. */
export async function openKnowledgeTools(page: Page, token = PORTAL_TOKEN) {
  await page.goto("/knowledge");
  await enterPortalToken(page, token);
}

/** Fills the chunk viewer's three ids (demo dataset) and opens the chunk; returns the viewer. */
export async function openChunk(page: Page, documentId: string, segmentId: string) {
  const viewer = page.getByRole("region", { name: "Open a chunk" });
  await viewer.getByLabel("Dataset id").fill(DEMO_DATASET);
  await viewer.getByLabel("Document id").fill(documentId);
  await viewer.getByLabel("Segment id").fill(segmentId);
  await viewer.getByRole("button", { name: "Open chunk" }).click();
  return viewer;
}

/** Dify's whole answer for a chunk, `{data, doc_form}`, straight from the upstream. */
export async function getChunkBodyUpstream(documentId: string, segmentId: string) {
  const response = await fetch(
    `${EMBEDDED_ORIGIN}/v1/datasets/${DEMO_DATASET}/documents/${documentId}/segments/${segmentId}`,
    { headers: { Authorization: `Bearer ${EMBEDDED_KEYS.dataset}` } },
  );
  if (!response.ok) throw new Error(`chunk ${segmentId}: ${response.status}`);
  return (await response.json()) as { data: UpstreamChunk; doc_form: string };
}

/** The start inputs of a run exactly as the embedded service received them (before conversion). */
export async function receivedInputsOf(runId: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${EMBEDDED_ORIGIN}/_embedded/runs/${runId}`, {
    headers: adminHeaders(),
  });
  if (!response.ok) throw new Error(`run ${runId}: ${response.status}`);
  return ((await response.json()) as { received_inputs: Record<string, unknown> }).received_inputs;
}

// ---------------------------------------------------------------- production: probes, replicas

export const METRICS_TOKEN = E2E_METRICS_TOKEN;

/** An app server the test starts itself: as the suite's own app server, with overrides. */
const ownAppServerEnv = e2eAppServerEnv;

export type Replicas = {
  balancer: RoundRobinBalancer;
  /** Copy A and copy B, behind the balancer (backend 0 and 1). */
  servers: [AppServerProcess, AppServerProcess];
};

/**
 * Stories that start app servers of their own (ports from E2E_REPLICA_PORT on, so a second
 * checkout can run beside this one): `replicas`, two copies behind a round-robin balancer;
 * `ownAppServer`, one copy with environment overrides. Every process is stopped afterwards.
 */
export const serverTest = test.extend<{
  replicas: Replicas;
  ownAppServer: (env: Record<string, string>) => Promise<AppServerProcess>;
}>({
  replicas: [
    async ({}, use) => {
      const ports = [E2E_REPLICA_PORT, E2E_REPLICA_PORT + 1];
      const started: AppServerProcess[] = [];
      let balancer: RoundRobinBalancer | undefined;
      try {
        // One after the other: two cold starts at once are slow on a loaded 2-core machine.
        for (const port of ports) {
          // The story holds a submit upstream for seconds: the usual time limit, not the fault
          // suite's short one.
          const env = ownAppServerEnv({ DIFY_RESPONSE_TIMEOUT_MS: "30000" });
          started.push(await startAppServer(port, env));
        }
        balancer = await startRoundRobinBalancer(E2E_REPLICA_PORT + 2, ports);
        await use({ balancer, servers: [started[0]!, started[1]!] });
      } finally {
        await balancer?.close();
        for (const server of started) server.kill();
        await Promise.all(started.map((server) => server.exited));
      }
    },
    // Two cold starts (up to a minute each on a loaded machine) on top of the test's own time.
    { timeout: 150_000 },
  ],
  ownAppServer: async ({}, use) => {
    const started: AppServerProcess[] = [];
    try {
      await use(async (env) => {
        const server = await startAppServer(E2E_REPLICA_PORT + 3, ownAppServerEnv(env));
        started.push(server);
        return server;
      });
    } finally {
      for (const server of started) server.kill();
      await Promise.all(started.map((server) => server.exited));
    }
  },
});
