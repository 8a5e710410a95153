import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { postgresInstalled, startPostgresServer } from "@/lib/tools/postgres/start-postgres-server";

// The store's tests open about twenty databases, and initdb is most of each start (about 5 CPU-s
// for PGlite's): once a run, a blank PGlite data folder is dumped and one PostgreSQL is started,
// and each test store starts from the dump or is a database of its own on that server.

declare module "vitest" {
  export interface ProvidedContext {
    /** A blank PGlite data folder (`dumpDataDir`, uncompressed tar). */
    pgliteDump: string;
    /** The run's PostgreSQL, where one is installed. */
    postgresUrl: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "unit-stores-"));
  const dump = path.join(dir, "pglite.tar");
  const blank = await PGlite.create();
  writeFileSync(dump, Buffer.from(await (await blank.dumpDataDir("none")).arrayBuffer()));
  await blank.close();
  project.provide("pgliteDump", dump);
  const postgres = postgresInstalled() ? await startPostgresServer() : undefined;
  project.provide("postgresUrl", postgres?.url);
  return async () => {
    await postgres?.remove();
    rmSync(dir, { recursive: true, force: true });
  };
}
