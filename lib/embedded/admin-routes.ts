import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { ApiError, sendJson } from "./api-error";
import { startDemoRun } from "./app-routes";
import { faultListSchema } from "./apply-fault";
import { createCustomForm } from "./create-custom-form";
import { DEMO_APPS, parallelReviewScript } from "./demo-apps";
import { parseBody, readJsonBody } from "./read-json-body";
import type { ServerContext } from "./server-context";

const demoRunSchema = z.object({
  app: z.enum(["workflow", "chatflow"]).optional().default("workflow"),
  user: z.string().min(1, "user is required"),
  inputs: z.record(z.string(), z.unknown()).optional(),
  query: z.string().optional(),
  form_ttl_seconds: z.number().positive().optional(),
  step_delay_ms: z.number().min(0).max(5_000).optional(),
  // `parallel`: the demo workflow with two Human Input branches open at once.
  demo: z.enum(["review", "parallel"]).optional().default("review"),
  replay_mode: z.enum(["pubsub", "streams"]).optional(),
  snapshot_style: z.enum(["events", "reasons"]).optional(),
});

const textChunksSchema = z.object({
  count: z.number().int().min(1).max(10_000),
  interval_ms: z.number().min(0).max(10_000).optional().default(0),
});

const configSchema = z.object({
  formTtlSeconds: z.number().positive().optional(),
  stepDelayMs: z.number().min(0).optional(),
  appUnavailable: z.union([z.boolean(), z.enum(["workflow", "chatflow"])]).optional(),
  replayMode: z.enum(["pubsub", "streams"]).optional(),
  snapshotStyle: z.enum(["events", "reasons"]).optional(),
});

// Test and demo helpers under /_embedded/ (behind the admin token, see server.ts; not in the
// call log). Returns false if no route matched.
export async function handleAdminRoute(
  ctx: ServerContext,
  method: string,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const sub = path.slice("/_embedded".length);
  const form = /^\/forms\/([^/]+)$/.exec(sub);
  const document = /^\/datasets\/([^/]+)\/documents\/([^/]+)$/.exec(sub);
  const run = /^\/runs\/([^/]+)$/.exec(sub);
  const runChunks = /^\/runs\/([^/]+)\/text-chunks$/.exec(sub);
  const route = form
    ? "forms/*"
    : document
      ? "datasets/*/documents/*"
      : run
        ? "runs/*"
        : runChunks
          ? "runs/*/text-chunks"
          : sub.slice(1);

  switch (`${method} ${route}`) {
    case "GET portal":
      sendPortalPage(res);
      return true;
    case "GET health":
      sendJson(res, 200, { ok: true });
      return true;
    case "GET calls":
      sendJson(res, 200, { calls: ctx.store.listCalls() });
      return true;
    case "DELETE calls":
      ctx.store.clearCalls();
      sendJson(res, 200, { result: "success" });
      return true;
    case "GET streams":
      sendJson(res, 200, { open: ctx.store.openStreams() });
      return true;
    case "POST streams/drop": {
      // Runs carry on: a reconnect with include_state_snapshot=true sees everything. `?run=`
      // cuts only that run's streams, so stories running alongside keep theirs.
      const runId = new URL(req.url ?? "/", "http://embedded.local").searchParams.get("run");
      sendJson(res, 200, { dropped: ctx.store.dropStreams(runId ?? undefined) });
      return true;
    }
    case "GET faults":
      sendJson(res, 200, { faults: ctx.store.listFaults() });
      return true;
    case "POST faults": {
      const body = parseBody(faultListSchema, await readJsonBody(req));
      ctx.store.setFaults(body.faults);
      sendJson(res, 200, { faults: ctx.store.listFaults() });
      return true;
    }
    case "DELETE faults":
      ctx.store.clearFaults();
      sendJson(res, 200, { result: "success" });
      return true;
    case "POST forms":
      sendJson(res, 201, await createCustomForm(ctx, await readJsonBody(req)));
      return true;
    case "GET runs": {
      // Which runs a user started: lets a test check that nothing was started on its behalf.
      const user = new URL(req.url ?? "/", "http://embedded.local").searchParams.get("user");
      if (!user) throw new ApiError(400, "invalid_param", "user is required");
      sendJson(res, 200, {
        runs: ctx.store
          .runsOf(user)
          .map((record) => ({ id: record.id, app: record.app, status: record.status })),
      });
      return true;
    }
    case "GET runs/*": {
      const record = ctx.store.getRun(decodeURIComponent(run?.[1] ?? ""));
      if (!record) throw new ApiError(404, "not_found", "Workflow run not found");
      sendJson(res, 200, {
        id: record.id,
        app: record.app,
        user: record.user,
        status: record.status,
        current_form_token: record.currentFormToken,
        received_inputs: record.receivedInputs,
        open_form_tokens: record.openFormTokens,
        replay_mode: record.replayMode,
        events: record.events,
      });
      return true;
    }
    case "POST runs/*/text-chunks": {
      // For the benchmark: a live run (paused ones too) streams N stamped chunks on demand, so
      // every stream is already open when the first one is sent.
      const body = parseBody(textChunksSchema, await readJsonBody(req));
      const record = ctx.store.getRun(decodeURIComponent(runChunks?.[1] ?? ""));
      if (!record) throw new ApiError(404, "not_found", "Workflow run not found");
      if (record.status !== "running" && record.status !== "paused") {
        throw new ApiError(400, "invalid_param", `The run has ended (${record.status}).`);
      }
      void ctx.engine.emitTextChunks(record, body.count, body.interval_ms);
      sendJson(res, 202, { run_id: record.id, count: body.count });
      return true;
    }
    case "GET forms/*": {
      const record = ctx.store.getForm(decodeURIComponent(form?.[1] ?? ""));
      if (!record) throw new ApiError(404, "not_found", "Form not found");
      ctx.engine.refreshForm(record);
      sendJson(res, 200, {
        token: record.token,
        status: record.status,
        run_id: record.runId,
        node_id: record.nodeId,
        submission: record.submission,
      });
      return true;
    }
    case "POST demo-runs": {
      const body = parseBody(demoRunSchema, await readJsonBody(req));
      const demo = DEMO_APPS[body.app];
      const inputs = { ...demo.defaultInputs, ...body.inputs };
      if (body.demo === "parallel" && body.app !== "workflow")
        throw new ApiError(400, "invalid_param", "The parallel demo is a workflow.");
      const run = startDemoRun(
        ctx,
        body.app,
        body.user,
        inputs,
        body.app === "chatflow" ? (body.query ?? demo.defaultQuery) : undefined,
        undefined,
        body.form_ttl_seconds,
        body.step_delay_ms,
        {
          script: body.demo === "parallel" ? parallelReviewScript : undefined,
          replayMode: body.replay_mode,
          snapshotStyle: body.snapshot_style,
        },
      );
      await ctx.engine.settled(run);
      if (run.status !== "paused" || !run.currentFormToken) {
        throw new ApiError(
          500,
          "internal_server_error",
          `Demo run ended as ${run.status} without pausing.`,
        );
      }
      sendJson(res, 200, {
        workflow_run_id: run.id,
        form_token: run.currentFormToken,
        // Every open form, in order (two for the parallel demo).
        form_tokens: run.openFormTokens,
        user: run.user,
      });
      return true;
    }
    case "GET datasets/*/documents/*": {
      const dataset = ctx.store.getDataset(decodeURIComponent(document?.[1] ?? ""));
      if (!dataset) throw new ApiError(404, "not_found", "Dataset not found.");
      const doc = dataset.documents.get(decodeURIComponent(document?.[2] ?? ""));
      if (!doc) throw new ApiError(404, "not_found", "Document not found.");
      sendJson(res, 200, {
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
      });
      return true;
    }
    case "POST config": {
      const body = parseBody(configSchema, await readJsonBody(req));
      if (body.formTtlSeconds !== undefined) ctx.config.formTtlSeconds = body.formTtlSeconds;
      if (body.stepDelayMs !== undefined) ctx.config.stepDelayMs = body.stepDelayMs;
      if (body.appUnavailable !== undefined) ctx.config.appUnavailable = body.appUnavailable;
      if (body.replayMode !== undefined) ctx.config.replayMode = body.replayMode;
      if (body.snapshotStyle !== undefined) ctx.config.snapshotStyle = body.snapshotStyle;
      sendJson(res, 200, {
        formTtlSeconds: ctx.config.formTtlSeconds,
        stepDelayMs: ctx.config.stepDelayMs,
        appUnavailable: ctx.config.appUnavailable,
        replayMode: ctx.config.replayMode,
        snapshotStyle: ctx.config.snapshotStyle,
      });
      return true;
    }
    case "POST reset":
      Object.assign(ctx.config, {
        ...ctx.defaults,
        systemParameters: { ...ctx.defaults.systemParameters },
      });
      ctx.store.clearCalls();
      ctx.store.clearFaults();
      sendJson(res, 200, { result: "success" });
      return true;
    default:
      return false;
  }
}

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
