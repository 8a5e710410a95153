import "server-only";
import { createDifyClient, type DifyClient } from "@/lib/server/dify/dify-client";
import { getEnv } from "@/lib/server/env";
import { getLimits } from "@/lib/server/limits";
import { observeUpstream } from "@/lib/server/ops/metrics";
import {
  noteUpstreamError,
  noteUpstreamStatus,
  requestContext,
} from "@/lib/server/request-context";

let client: DifyClient | undefined;

/** The app's upstream client: built on first use from the configuration, its calls observed. */
export function getDifyClient(): DifyClient {
  if (client) return client;
  const env = getEnv();
  const limits = getLimits();
  client = createDifyClient({
    apiBase: env.difyApiBase,
    appKey: env.appApiKey,
    datasetKey: env.datasetApiKey,
    connectTimeoutMs: limits.upstreamConnectTimeoutMs,
    responseTimeoutMs: limits.upstreamResponseTimeoutMs,
    streamIdleTimeoutMs: limits.streamIdleTimeoutMs,
    jsonConnections: limits.upstreamJsonConnections,
    streamConnections: limits.openStreams,
    launchConnections: limits.upstreamLaunchConnections,
    parametersTtlMs: limits.appParametersTtlMs,
    requestId: () => requestContext.getStore()?.requestId,
    observe: observeUpstream,
    noteStatus: noteUpstreamStatus,
    noteError: noteUpstreamError,
  });
  return client;
}
