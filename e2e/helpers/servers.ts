import type { AppServerProcess } from "@/e2e/app-server-process";
import { E2E_METRICS_TOKEN } from "@/e2e/ports";
import type { RoundRobinBalancer } from "@/e2e/round-robin-balancer";

// App servers a story starts itself (the `replicas` and `ownAppServer` fixtures).

export const METRICS_TOKEN = E2E_METRICS_TOKEN;

export type Replicas = {
  balancer: RoundRobinBalancer;
  /** Copy A and copy B, behind the balancer (backend 0 and 1). */
  servers: [AppServerProcess, AppServerProcess];
};
