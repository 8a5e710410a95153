import type { SystemParameters } from "./demo-apps";
import type { RunEngine } from "./run-engine";
import type { EmbeddedStore } from "./store";

// Settings that tests may change at run time through POST /_embedded/config.
export interface EmbeddedConfig {
  formTtlSeconds: number;
  stepDelayMs: number;
  pingIntervalMs: number;
  idleTimeoutMs: number;
  appUnavailable: boolean;
  systemParameters: SystemParameters;
}

// Everything a route handler needs, passed explicitly instead of module globals.
export interface ServerContext {
  store: EmbeddedStore;
  engine: RunEngine;
  config: EmbeddedConfig;
  defaults: EmbeddedConfig;
  origin: string;
}
