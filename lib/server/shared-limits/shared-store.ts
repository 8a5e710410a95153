import "server-only";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { getEnv } from "@/lib/server/env";
import { countSharedLimitsFallback, setSharedLimitsUp } from "@/lib/server/ops/metrics";
import { processState } from "@/lib/server/ops/process-state";

// The store the per-client limits share between copies: Redis at REDIS_URL, or none. While Redis
// cannot be reached every limit counts in this copy's memory, its share of the limit, until
// ioredis reconnects (decision 048).

type Store = {
  redis: Redis | undefined;
  up: boolean;
  /** Whether it was ever reached: one that never is (a wrong password) is logged once. */
  reached: boolean;
  /** The copies that shared the limits lately, this one included. */
  copies: number;
};

function log(level: "info" | "warn", msg: string) {
  console[level](JSON.stringify({ level, msg }));
}

function store(): Store {
  return processState("shared-store", () => ({
    redis: undefined,
    up: false,
    reached: false,
    copies: 1,
  }));
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
    current.reached = true;
    setSharedLimitsUp(true);
    log("info", "shared limits on redis");
  });
  heartbeat(redis, current);
  const down = () => {
    if (!current.up && !current.reached) {
      current.reached = true;
      log("warn", "redis not reached: limits count in this copy's memory until it is");
      return;
    }
    if (!current.up) return;
    current.up = false;
    setSharedLimitsUp(false);
    log("warn", "redis unavailable: limits count in this copy's memory until it is back");
  };
  // ioredis reports every failed reconnect; one line per outage is enough.
  redis.on("error", down);
  redis.on("close", down);
}

/** The copies last seen sharing the limits: a sorted set of ids by their last heartbeat. */
const COPIES_KEY = "human-input:copies";
const HEARTBEAT_MS = 5_000;

function heartbeat(redis: Redis, current: Store) {
  const id = randomUUID();
  const beat = async () => {
    if (!current.up) return;
    const now = Date.now();
    const [, , count] = (await redis
      .multi()
      .zadd(COPIES_KEY, now, id)
      .zremrangebyscore(COPIES_KEY, "-inf", now - 3 * HEARTBEAT_MS)
      .zcard(COPIES_KEY)
      .pexpire(COPIES_KEY, 6 * HEARTBEAT_MS)
      .exec()) ?? [[], [], [null, 1]];
    current.copies = Math.max(1, Number(count?.[1] ?? 1));
  };
  redis.on("ready", () => void beat().catch(() => undefined));
  setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS).unref();
}

/** How many copies share the limits, as last seen in Redis; while it is away, the last count. */
export function knownCopies(): number {
  return store().copies;
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
