import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

// PGlite (PostgreSQL compiled to WebAssembly, in this process) served on PostgreSQL's wire
// protocol, so the app, its job queue and the tests use the same `pg` client as on a real server.
// Its socket server queues the connections' queries onto the one database session.

export type PgliteServer = { url: string; close(): Promise<void> };

/**
 * Serves a PGlite database kept in `dataDir` (in memory without one) on a free loopback port.
 * `from` is a data folder dumped before (`dumpDataDir`), which spares the start its initdb.
 */
export async function startPgliteServer({
  dataDir,
  port = 0,
  from,
}: { dataDir?: string; port?: number; from?: Blob } = {}): Promise<PgliteServer> {
  const db = await PGlite.create({ dataDir, loadDataDir: from });
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 100 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    close: async () => {
      await server.stop();
      await db.close();
    },
  };
}
