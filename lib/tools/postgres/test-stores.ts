import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject, vi } from "vitest";
import { createStore, type Db, type Store } from "@/lib/server/store/create-store";
import { migrateStore } from "@/lib/server/store/migrate-store";
import { startPgliteServer } from "@/lib/tools/postgres/start-pglite-server";
import { postgresInstalled } from "@/lib/tools/postgres/start-postgres-server";

// The store's unit tests run on both databases the app meets: PGlite (the demo's) and a real
// PostgreSQL (production's), each migrated from the checked-in migrations. The run's global setup
// makes what they start from (lib/tools/test/vitest-global-setup.ts).

export type TestStore = {
  url: string;
  store: Store;
  /** Empties every table. */
  reset(): Promise<void>;
  close(): Promise<void>;
};

type Backend = { name: string; start: () => Promise<{ url: string; close(): Promise<void> }> };

export const STORE_BACKENDS: Backend[] = [
  {
    name: "PGlite",
    start: async () =>
      startPgliteServer({ from: new Blob([await readFile(inject("pgliteDump"))]) }),
  },
  ...(postgresInstalled()
    ? [{ name: "PostgreSQL", start: () => databaseOn(inject("postgresUrl")!) }]
    : []),
];

/** A database of its own on the run's PostgreSQL, dropped on close. */
async function databaseOn(serverUrl: string) {
  const name = `store_${randomUUID().replaceAll("-", "")}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), close: () => run(`drop database if exists ${name} with (force)`) };
}

export async function openTestStore(backend: Backend): Promise<TestStore> {
  const server = await backend.start();
  const store = createStore(server.url, { max: 5, queryTimeoutMs: 10_000 });
  await migrateStore(store.pool);
  return {
    url: server.url,
    store,
    reset: async () => {
      await store.db.execute(
        sql`truncate decisions, recipients, requests restart identity cascade`,
      );
    },
    close: async () => {
      await store.close();
      await server.close();
    },
  };
}

/** In a describe block: one store for its tests, emptied before each; returns its query layer. */
export function emptiedStoreEachTest(backend: Backend): () => Db {
  let test: TestStore | undefined;
  beforeAll(async () => {
    test = await openTestStore(backend);
  }, 60_000);
  afterAll(() => test?.close());
  beforeEach(() => test?.reset());
  return () => test!.store.db;
}

/**
 * In a describe block whose tests start the process's own queue on a store (`DATABASE_URL`
 * stubbed): one store for them all, closed after, with the environment's stubs undone.
 */
export function storeForQueueTests(backend: Backend): () => TestStore {
  let test: TestStore | undefined;
  beforeAll(async () => {
    test = await openTestStore(backend);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await test?.close();
  });
  return () => test!;
}
