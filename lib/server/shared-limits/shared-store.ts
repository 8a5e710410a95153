import "server-only";
import type { Redis } from "ioredis";
import { getEnv } from "@/lib/server/env";
import { countSharedLimitsFallback, setSharedLimitsUp } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";

// The store the per-client limits share between copies: Redis at REDIS_URL, or none. While Redis
// cannot be reached every limit counts in this copy's memory, until ioredis reconnects (decision 048).

type Store = { redis: Redis | undefined; up: boolean };

function log(level: "info" | "warn", msg: string) {
  console[level](JSON.stringify({ level, msg }));
}

function store(): Store {
  return processState("shared-store", () => ({ redis: undefined, up: false }));
}

/** Connects at start; ioredis loads only here, so a copy without REDIS_URL does not carry it. */
export async function connectSharedStore(): Promise<void> {
  const url = getEnv().REDIS_URL;
  const current = store();
  if (!url || current.redis) return;
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    // A limit check never waits for a connection: while Redis is away it counts in memory.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  current.redis = redis;
  redis.on("ready", () => {
    current.up = true;
    setSharedLimitsUp(true);
    log("info", "shared limits on redis");
  });
  const down = () => {
    if (!current.up) return;
    current.up = false;
    setSharedLimitsUp(false);
    log("warn", "redis unavailable: limits count in this copy's memory until it is back");
  };
  // ioredis reports every failed reconnect; one line per outage is enough.
  redis.on("error", down);
  redis.on("close", down);
}

// Rate limiters take it connected or not, with an insurance limiter.
export function sharedRedis(): Redis | undefined {
  return store().redis;
}

/** The Redis client while it is connected; else undefined, counted as a check made in memory. */
export function redisIfUp(): Redis | undefined {
  const current = store();
  if (!getEnv().REDIS_URL) return undefined;
  if (current.up) return current.redis;
  countSharedLimitsFallback();
  return undefined;
}

export function sharedLimitsState(): "memory" | "redis" | "redis-unavailable" {
  if (!getEnv().REDIS_URL) return "memory";
  return store().up ? "redis" : "redis-unavailable";
}
