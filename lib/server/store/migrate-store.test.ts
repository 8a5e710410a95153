import { sql } from "drizzle-orm";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { MIGRATIONS_FOLDER, MigrationError, migrateStore } from "@/lib/server/store/migrate-store";
import { openTestStore, STORE_BACKENDS, type TestStore } from "@/lib/tools/postgres/test-stores";

describe.each(STORE_BACKENDS)("the store's migrations on $name", (backend) => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore(backend);
  }, 60_000);
  afterAll(() => test.close());

  it("apply once: a second run, and two at once, change nothing", async () => {
    await Promise.all([migrateStore(test.store.pool), migrateStore(test.store.pool)]);
    const { rows } = await test.store.pool.query("select count(*)::int as n from requests");
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("keep decisions append-only: an update is refused", async () => {
    const { db } = test.store;
    await db.execute(
      sql`insert into requests (id, form_token, registered_by) values ('00000000-0000-4000-8000-000000000001', 'tok', 'test')`,
    );
    await db.execute(sql`insert into decisions (answer_id, request_id, form_token, "user", action_id, values, dify_status, decided_at)
      values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'tok', 'u', 'approve', '{}', 200, now())`);
    await expect(
      test.store.pool.query(`update decisions set "user" = 'someone else'`),
    ).rejects.toThrow(/append-only/);
    await test.reset();
  });

  it("stop with a MigrationError naming the failure when a migration is broken", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "broken-migrations-"));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journal = path.join(folder, "meta", "_journal.json");
    const meta = JSON.parse(readFileSync(journal, "utf8")) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const last = meta.entries.at(-1)!;
    meta.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_broken" });
    writeFileSync(journal, JSON.stringify(meta));
    writeFileSync(path.join(folder, "9999_broken.sql"), "alter table nowhere add column x int;");
    const failure = migrateStore(test.store.pool, folder);
    await expect(failure).rejects.toBeInstanceOf(MigrationError);
    await expect(failure).rejects.toThrow(/A migration failed: .*nowhere/);
  });
});
