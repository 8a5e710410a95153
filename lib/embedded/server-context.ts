import type { SystemParameters } from "./demo-apps";
import type { ServerGeneration } from "./file-types";
import type { RunEngine } from "./run-engine";
import type { AppKind, EmbeddedStore, ReplayMode, SnapshotStyle } from "./store";

// Settings that tests may change at run time through POST /_embedded/config.
export interface EmbeddedConfig {
  formTtlSeconds: number;
  stepDelayMs: number;
  pingIntervalMs: number;
  idleTimeoutMs: number;
  // Defaults for runs started without their own (each run keeps the mode it started with).
  replayMode: ReplayMode;
  snapshotStyle: SnapshotStyle;
  // How files are typed and checked (lib/embedded/file-types.ts); forms keep the generation they
  // were created under, so a test may pin its own without disturbing others.
  serverGeneration: ServerGeneration;
  // The flaw of Dify 1.16.0–1.16.1 (#39448), for one user's runs (so other tests are not touched):
  // a run's original stream stays open across its pause, and closing it then stops the resumed run.
  streamCloseStopsRunFor: string | null;
  // The flaw of #38432/#38525, for one user's chatflow runs: once resumed after a Human Input
  // node, the run sends no `message` events (its Answer), though workflow_finished.outputs holds it.
  resumedAnswerDroppedFor: string | null;
  // A document id: a metadata update naming it answers as older servers do (applied one by one,
  // the body `200`), so a test can play an older server without disturbing tests running beside it.
  olderMetadataServerFor: string | null;
  // true: every app answers 400 app_unavailable; an app kind: only that app does (so a test can
  // switch one app off without disturbing tests that use the other).
  appUnavailable: boolean | AppKind;
  // Required text inputs added to one app's start form as its API shows and checks it (not the
  // admin's demo runs), by variable name, such as `__proto__`; the other app keeps its own.
  addedStartInputs: { app: AppKind; names: string[] } | null;
  systemParameters: SystemParameters;
}

// Everything a route handler needs, passed explicitly instead of module globals.
export interface ServerContext {
  store: EmbeddedStore;
  engine: RunEngine;
  config: EmbeddedConfig;
  defaults: EmbeddedConfig;
  origin: string;
  port: number;
  /** The per-process token the admin routes require (lib/embedded/admin-token.ts). */
  adminToken: string;
}
