import type { ServerResponse } from "node:http";
import {
  configSchema,
  demoRunSchema,
  faultListSchema,
  textChunksSchema,
  type AdminResponse,
  type AdminRoute,
} from "./admin-api";
import { startDemoRun } from "./app-routes";
import { createCustomForm } from "./create-custom-form";
import type { EmbeddedRoute, RouteRequest } from "./create-router";
import { DEMO_APPS, parallelReviewScript } from "./demo-apps";
import { DifyError, sendDifyJson } from "./dify-error";
import { parseDifyBody, readDifyJsonBody } from "./read-dify-json-body";

// Test and demo helpers under /_embedded/: behind the admin token except where `open` (see
// server.ts), and not in the call log. Each answer is typed by admin-api.ts, which the admin
// client reads it with.

/** Sends an admin route's answer, checked against its declared shape at compile time. */
function reply<R extends AdminRoute>(
  res: ServerResponse,
  { body, status = 200 }: { route: R; body: AdminResponse<R>; status?: number },
): void {
  sendDifyJson(res, { status, body });
}

const success = { result: "success" } as const;

function resetService({ ctx, res }: RouteRequest): void {
  Object.assign(ctx.config, {
    ...ctx.defaults,
    systemParameters: { ...ctx.defaults.systemParameters },
  });
  ctx.store.clearCalls();
  ctx.store.clearFaults();
  reply(res, { route: "POST reset", body: success });
}

async function startAdminDemoRun({ ctx, req, res }: RouteRequest): Promise<void> {
  const body = parseDifyBody(demoRunSchema, await readDifyJsonBody(req));
  const demo = DEMO_APPS[body.app];
  const parallel = body.demo !== "review";
  if (parallel && body.app !== "workflow")
    throw new DifyError(400, "invalid_param", "The parallel demo is a workflow.");
  const run = startDemoRun(ctx, {
    app: body.app,
    user: body.user,
    inputs: { ...demo.defaultInputs, ...body.inputs },
    query: body.app === "chatflow" ? (body.query ?? demo.defaultQuery) : undefined,
    formTtlSeconds: body.form_ttl_seconds,
    script: parallel
      ? parallelReviewScript({
          repauseMs: body.demo === "parallel_repause" ? body.repause_ms : undefined,
        })
      : undefined,
    replayMode: body.replay_mode,
    snapshotStyle: body.snapshot_style,
    serverGeneration: body.server_generation,
  });
  await ctx.engine.settled(run);
  if (run.status !== "paused" || !run.currentFormToken) {
    throw new DifyError(
      500,
      "internal_server_error",
      `Demo run ended as ${run.status} without pausing.`,
    );
  }
  run.stepDelayMs = body.step_delay_ms;
  reply(res, {
    route: "POST demo-runs",
    body: {
      workflow_run_id: run.id,
      form_token: run.currentFormToken,
      // Every open form, in order (two for the parallel demo).
      form_tokens: run.openFormTokens,
      user: run.user,
    },
  });
}

async function updateConfig({ ctx, req, res }: RouteRequest): Promise<void> {
  const body = parseDifyBody(configSchema, await readDifyJsonBody(req));
  if (body.formTtlSeconds !== undefined) ctx.config.formTtlSeconds = body.formTtlSeconds;
  if (body.stepDelayMs !== undefined) ctx.config.stepDelayMs = body.stepDelayMs;
  if (body.appUnavailable !== undefined) ctx.config.appUnavailable = body.appUnavailable;
  if (body.replayMode !== undefined) ctx.config.replayMode = body.replayMode;
  if (body.snapshotStyle !== undefined) ctx.config.snapshotStyle = body.snapshotStyle;
  if (body.serverGeneration !== undefined) ctx.config.serverGeneration = body.serverGeneration;
  if (body.olderMetadataServerFor !== undefined)
    ctx.config.olderMetadataServerFor = body.olderMetadataServerFor;
  if (body.streamCloseStopsRunFor !== undefined)
    ctx.config.streamCloseStopsRunFor = body.streamCloseStopsRunFor;
  if (body.resumedAnswerDroppedFor !== undefined)
    ctx.config.resumedAnswerDroppedFor = body.resumedAnswerDroppedFor;
  if (body.addedStartInputs !== undefined) ctx.config.addedStartInputs = body.addedStartInputs;
  reply(res, {
    route: "POST config",
    body: {
      formTtlSeconds: ctx.config.formTtlSeconds,
      stepDelayMs: ctx.config.stepDelayMs,
      appUnavailable: ctx.config.appUnavailable,
      replayMode: ctx.config.replayMode,
      snapshotStyle: ctx.config.snapshotStyle,
      serverGeneration: ctx.config.serverGeneration,
      olderMetadataServerFor: ctx.config.olderMetadataServerFor,
      streamCloseStopsRunFor: ctx.config.streamCloseStopsRunFor,
      resumedAnswerDroppedFor: ctx.config.resumedAnswerDroppedFor,
      addedStartInputs: ctx.config.addedStartInputs,
    },
  });
}

function getRun({ ctx, params, res }: RouteRequest): void {
  const record = ctx.store.getRun(params.run_id ?? "");
  if (!record) throw new DifyError(404, "not_found", "Workflow run not found");
  reply(res, {
    route: "GET runs/*",
    body: {
      id: record.id,
      app: record.app,
      user: record.user,
      status: record.status,
      current_form_token: record.currentFormToken,
      received_inputs: record.receivedInputs,
      open_form_tokens: record.openFormTokens,
      replay_mode: record.replayMode,
      events: record.events,
    },
  });
}

// For the benchmark: a live run (paused ones too) streams N stamped chunks on demand, so every
// stream is already open when the first one is sent.
async function emitTextChunks({ ctx, params, req, res }: RouteRequest): Promise<void> {
  const body = parseDifyBody(textChunksSchema, await readDifyJsonBody(req));
  const record = ctx.store.getRun(params.run_id ?? "");
  if (!record) throw new DifyError(404, "not_found", "Workflow run not found");
  if (record.status !== "running" && record.status !== "paused") {
    throw new DifyError(400, "invalid_param", `The run has ended (${record.status}).`);
  }
  void ctx.engine.emitTextChunks(record, { count: body.count, intervalMs: body.interval_ms });
  reply(res, {
    route: "POST runs/*/text-chunks",
    status: 202,
    body: { run_id: record.id, count: body.count },
  });
}

function getForm({ ctx, params, res }: RouteRequest): void {
  const record = ctx.store.getForm(params.token ?? "");
  if (!record) throw new DifyError(404, "not_found", "Form not found");
  ctx.engine.refreshForm(record);
  reply(res, {
    route: "GET forms/*",
    body: {
      token: record.token,
      status: record.status,
      run_id: record.runId,
      node_id: record.nodeId,
      submission: record.submission,
    },
  });
}

function getDocument({ ctx, params, res }: RouteRequest): void {
  const dataset = ctx.store.getDataset(params.dataset_id ?? "");
  if (!dataset) throw new DifyError(404, "not_found", "Dataset not found.");
  const doc = dataset.documents.get(params.document_id ?? "");
  if (!doc) throw new DifyError(404, "not_found", "Document not found.");
  reply(res, {
    route: "GET datasets/*/documents/*",
    body: {
      id: doc.id,
      name: doc.name,
      dataset_id: dataset.id,
      doc_metadata: doc.metadata.map((m) => ({
        ...m,
        type:
          dataset.metadataFields.find((f) => f.id === m.id)?.type ??
          (typeof m.value === "number" ? "number" : "string"),
      })),
      segment_ids: doc.segments.map((s) => s.id),
    },
  });
}

/** The admin API under /_embedded: its client is admin-client.ts. */
export const ADMIN_ROUTES: EmbeddedRoute[] = [
  // Open: the readiness probe, and the stand-in portal a browser opens.
  {
    method: "GET",
    path: "/_embedded/health",
    access: "open",
    handle: ({ res }) => reply(res, { route: "GET health", body: { ok: true } }),
  },
  {
    method: "GET",
    path: "/_embedded/portal",
    access: "open",
    handle: ({ res }) => sendPortalPage(res),
  },
  {
    method: "GET",
    path: "/_embedded/calls",
    access: "admin",
    handle: ({ ctx, res }) =>
      reply(res, { route: "GET calls", body: { calls: ctx.store.listCalls() } }),
  },
  {
    method: "DELETE",
    path: "/_embedded/calls",
    access: "admin",
    handle: ({ ctx, res }) => {
      ctx.store.clearCalls();
      reply(res, { route: "DELETE calls", body: success });
    },
  },
  {
    method: "GET",
    path: "/_embedded/streams",
    access: "admin",
    handle: ({ ctx, res }) =>
      reply(res, { route: "GET streams", body: { open: ctx.store.openStreams() } }),
  },
  {
    // Runs carry on: a reconnect with include_state_snapshot=true sees everything. `?run=` cuts
    // only that run's streams, so stories running alongside keep theirs.
    method: "POST",
    path: "/_embedded/streams/drop",
    access: "admin",
    handle: ({ ctx, query, res }) =>
      reply(res, {
        route: "POST streams/drop",
        body: { dropped: ctx.store.dropStreams(query.get("run") ?? undefined) },
      }),
  },
  {
    method: "GET",
    path: "/_embedded/faults",
    access: "admin",
    handle: ({ ctx, res }) =>
      reply(res, { route: "GET faults", body: { faults: ctx.store.listFaults() } }),
  },
  {
    method: "POST",
    path: "/_embedded/faults",
    access: "admin",
    handle: async ({ ctx, req, res }) => {
      const body = parseDifyBody(faultListSchema, await readDifyJsonBody(req));
      ctx.store.setFaults(body.faults);
      reply(res, { route: "POST faults", body: { faults: ctx.store.listFaults() } });
    },
  },
  {
    method: "POST",
    path: "/_embedded/faults/add",
    access: "admin",
    handle: async ({ ctx, req, res }) => {
      const body = parseDifyBody(faultListSchema, await readDifyJsonBody(req));
      ctx.store.addFaults(body.faults);
      reply(res, { route: "POST faults/add", body: { faults: ctx.store.listFaults() } });
    },
  },
  {
    method: "DELETE",
    path: "/_embedded/faults",
    access: "admin",
    handle: ({ ctx, query, res }) => {
      ctx.store.clearFaults(query.get("path") ?? undefined, query.get("user") ?? undefined);
      reply(res, { route: "DELETE faults", body: success });
    },
  },
  {
    method: "POST",
    path: "/_embedded/forms",
    access: "admin",
    handle: async ({ ctx, req, res }) =>
      reply(res, {
        route: "POST forms",
        status: 201,
        body: await createCustomForm(ctx, await readDifyJsonBody(req)),
      }),
  },
  { method: "GET", path: "/_embedded/forms/:token", access: "admin", handle: getForm },
  {
    // Which runs a user started: lets a test check that nothing was started on its behalf.
    method: "GET",
    path: "/_embedded/runs",
    access: "admin",
    handle: ({ ctx, query, res }) => {
      const user = query.get("user");
      if (!user) throw new DifyError(400, "invalid_param", "user is required");
      const runs = ctx.store
        .runsOf(user)
        .map((record) => ({ id: record.id, app: record.app, status: record.status }));
      reply(res, { route: "GET runs", body: { runs } });
    },
  },
  { method: "GET", path: "/_embedded/runs/:run_id", access: "admin", handle: getRun },
  {
    method: "POST",
    path: "/_embedded/runs/:run_id/text-chunks",
    access: "admin",
    handle: emitTextChunks,
  },
  { method: "POST", path: "/_embedded/demo-runs", access: "admin", handle: startAdminDemoRun },
  {
    method: "GET",
    path: "/_embedded/datasets/:dataset_id/documents/:document_id",
    access: "admin",
    handle: getDocument,
  },
  { method: "POST", path: "/_embedded/config", access: "admin", handle: updateConfig },
  { method: "POST", path: "/_embedded/reset", access: "admin", handle: resetService },
];

/**
 * A stand-in portal, for the embedding tests and the demo's embedding example: a page on this
 * service's origin (another origin for the app) that loads the app's embed.js and mounts the form
 * link in `?src=` with `HumanInputForms.mount` (or, with `?mode=element`, as a
 * `<human-input-form>`). It shows the events it receives and records them for tests:
 * `window.received` (every raw message, as a hand-written listener would see it),
 * `window.callbacks` (onEvent), `window.domEvents` (the `human-input:*` DOM events),
 * `window.messageListeners()` (message listeners on the window) and `window.portal` (the handle
 * or the element). NOTE: `src` is read by the script and only ever set as a URL property or
 * text, never written into the HTML.
 */
function sendPortalPage(res: ServerResponse): void {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(PORTAL_PAGE);
}

const PORTAL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Portal: embedding example</title>
<style>
  body { margin: 0 auto; max-width: 860px; padding: 16px; font: 16px/1.5 system-ui, sans-serif; background: #eef1f5; color: #1b1f24; }
  pre { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 12px; overflow-x: auto; font-size: 13px; }
  #embed { background: #fff; border: 1px solid #d0d7de; border-radius: 10px; padding: 12px; }
  #log { font: 13px/1.4 ui-monospace, monospace; overflow-wrap: anywhere; }
</style></head>
<body><h1>Portal</h1>
<p>A page on another origin that embeds the form with one script and one call:</p>
<pre id="snippet"></pre>
<div id="embed"></div>
<h2>Events</h2>
<ol id="log"></ol>
<script>
  // Only an absolute http(s) URL on a loopback host is mounted: a javascript: or data: URL
  // would run in this page's origin, the service's own.
  function frameSource(raw) {
    try {
      const url = new URL(raw || "");
      const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
      if ((url.protocol === "http:" || url.protocol === "https:") && loopback) return url;
    } catch {}
    return null;
  }
  window.received = [];
  window.callbacks = [];
  window.domEvents = [];
  addEventListener("message", (event) => received.push({ origin: event.origin, data: event.data }));
  // Counts the window's message listeners, so a test can see destroy() remove embed.js's own.
  const listening = new Set();
  const add = window.addEventListener;
  const remove = window.removeEventListener;
  window.addEventListener = function (type, listener, options) {
    if (type === "message") listening.add(listener);
    return add.call(this, type, listener, options);
  };
  window.removeEventListener = function (type, listener, options) {
    if (type === "message") listening.delete(listener);
    return remove.call(this, type, listener, options);
  };
  window.messageListeners = () => listening.size;

  const params = new URLSearchParams(location.search);
  const container = document.getElementById("embed");
  const log = (text) => {
    const item = document.createElement("li");
    item.textContent = text;
    document.getElementById("log").appendChild(item);
  };
  const types = ["ready", "resize", "submitted", "run-progress", "run-finished", "paused-again", "expired", "error"];
  for (const type of types) {
    container.addEventListener("human-input:" + type, (event) => {
      domEvents.push({ type: event.type, detail: event.detail });
      const { source, formToken, type: _type, ...rest } = event.detail;
      log(event.type + " " + JSON.stringify(rest));
    });
  }

  const link = frameSource(params.get("src"));
  if (!link) {
    log("?src= must be an http(s) form link on this machine");
  } else {
    const script = document.createElement("script");
    script.src = new URL("/embed.js", link.origin).href;
    const shown = link.origin + link.pathname + "?…";
    document.getElementById("snippet").textContent =
      '<script src="' + script.src + '"></' + 'script>\\n' +
      (params.get("mode") === "element"
        ? '<human-input-form link="' + shown + '"></human-input-form>'
        : '<div id="form"></div>\\n<' + 'script>\\n' +
          '  HumanInputForms.mount(document.getElementById("form"), {\\n' +
          '    link: "' + shown + '",\\n' +
          '    onEvent: (event) => console.log(event.type, event),\\n  });\\n</' + 'script>');
    script.onload = () => {
      if (params.get("mode") === "element") {
        const element = document.createElement("human-input-form");
        element.setAttribute("link", link.href);
        container.appendChild(element);
        window.portal = element;
      } else {
        window.portal = HumanInputForms.mount(container, {
          link: link.href,
          onEvent: (event) => callbacks.push(event),
        });
      }
    };
    script.onerror = () => log("embed.js could not be loaded from " + script.src);
    document.head.appendChild(script);
  }
</script></body></html>`;
