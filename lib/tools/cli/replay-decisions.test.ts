import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { DecisionRecord } from "@/lib/server/requests/decision-record";
import { openTestStore, STORE_BACKENDS, type TestStore } from "@/lib/tools/postgres/test-stores";

// The operator's tools, run as an operator runs them, on the demo's database (PGlite, which
// this process serves: the tools run beside it, not blocking it).

const run = (script: string, args: string[], url: string) =>
  new Promise<{ status: number | null; stdout: string }>((resolve) => {
    execFile(
      "npx",
      ["tsx", `lib/tools/cli/${script}.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: url }, timeout: 60_000 },
      (error, stdout) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });

const decision = (overrides: Partial<DecisionRecord>): DecisionRecord => ({
  answer_id: randomUUID(),
  form_token: "form-1",
  run_id: null,
  user: "alice@example.com",
  issuer: null,
  subject: null,
  email: null,
  action_id: "approve",
  action_label: 'Approve, with "care"',
  values: { comment: "=SUM(A1)" },
  dify_status: 200,
  decided_at: "2026-02-01T09:00:00.000Z",
  ...overrides,
});

describe("replay-decisions and export-decisions", () => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore(STORE_BACKENDS[0]!);
  }, 60_000);
  afterAll(() => test.close());

  it("replays each logged decision once, then exports them as CSV and JSON lines", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "replay-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const log = path.join(dir, "app.log");
    const first = decision({ user: "=HYPERLINK(1)" });
    const line = (record: DecisionRecord) =>
      `2026-02-01T09:00:01Z stdout F ${JSON.stringify({ level: "error", msg: "decision_unrecorded", reason: "down", decision: record })}`;
    writeFileSync(
      log,
      [
        JSON.stringify({ level: "info", msg: "request" }),
        line(first),
        line(first),
        line(decision({ form_token: "form-2", decided_at: "2025-12-01T00:00:00.000Z" })),
        '{"msg":"decision_unrecorded","decision":{"answer_id":"nope"}}',
      ].join("\n"),
    );
    const replay = await run("replay-decisions", [log], test.url);
    expect(replay.stdout).toContain("3 decisions replayed (each stored once), 1 lines unreadable.");
    expect(replay.status).toBe(1);

    const jsonl = await run("export-decisions", ["--format", "jsonl"], test.url);
    const rows = jsonl.stdout
      .trim()
      .split("\n")
      .map((text) => JSON.parse(text) as { form_token: string });
    expect(rows.map((row) => row.form_token)).toEqual(["form-1", "form-2"]);

    const csv = await run(
      "export-decisions",
      ["--since", "2026-01-01", "--format", "csv"],
      test.url,
    );
    const lines = csv.stdout.trim().split("\n");
    expect(lines[0]).toBe(
      "id,at,request_id,form_token,run_id,user,issuer,subject,email,action_id,action_label,dify_status,run_outcome,values",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',"Approve, with ""care""",200,,');
    // A cell a spreadsheet would run as a formula is defused.
    expect(lines[1]).toContain(",'=HYPERLINK(1),");
    expect(lines[1]).toContain(`"{""comment"":""=SUM(A1)""}"`);
    expect((await run("export-decisions", ["--format", "xml"], test.url)).status).toBe(2);
  }, 120_000);
});
