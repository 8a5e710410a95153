import "server-only";
import { createDifyClient, type DifyClient } from "@/lib/server/dify/dify-client";
import { getEnv } from "@/lib/server/env";
import { observeUpstream } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";
import { noteRequest, requestContext } from "@/lib/server/request-context";

/** The app's upstream client: built on first use from the configuration, its calls observed. */
export function getDifyClient(): DifyClient {
  return processState("dify-client", () => {
    const env = getEnv();
    const { limits } = env;
    return createDifyClient({
      apiBase: env.DIFY_API_BASE,
      appKey: env.DIFY_APP_API_KEY,
      datasetKey: env.DIFY_DATASET_API_KEY,
      connectTimeoutMs: limits.DIFY_CONNECT_TIMEOUT_MS,
      responseTimeoutMs: limits.DIFY_RESPONSE_TIMEOUT_MS,
      streamIdleTimeoutMs: limits.DIFY_STREAM_IDLE_TIMEOUT_MS,
      jsonConnections: limits.DIFY_JSON_CONNECTIONS,
      streamConnections: limits.MAX_OPEN_STREAMS,
      launchConnections: limits.DIFY_LAUNCH_CONNECTIONS,
      parametersTtlMs: limits.appParametersTtlMs,
      maxAnswerBytes: limits.upstreamMaxAnswerBytes,
      requestId: () => requestContext.getStore()?.requestId,
      observe: observeUpstream,
      note: noteRequest,
    });
  });
}
