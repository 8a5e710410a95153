// npm run export-decisions -- --since 2026-01-01 --format csv|jsonl: every decision from that day
// on (UTC), oldest first, to stdout, read a page at a time. DATABASE_URL names the store.
import { listDecisions } from "@/lib/server/requests/list-decisions";
import { toDecisionView } from "@/lib/server/requests/to-decision-view";
import type { DecisionView } from "@/lib/requests/requests-api-contract";
import { parseArgs } from "@/lib/tools/cli/parse-args";
import { storeFromEnv } from "@/lib/tools/cli/store-from-env";

const COLUMNS = [
  "id",
  "at",
  "request_id",
  "form_token",
  "run_id",
  "user",
  "issuer",
  "subject",
  "email",
  "action_id",
  "action_label",
  "dify_status",
  "run_outcome",
  "values",
] as const;

/** A CSV field: quoted when it holds a separator, a quote or a line break; formulas defused. */
function csvField(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  // A spreadsheet runs a cell that starts with =, +, - or @ as a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(decision: DecisionView): string {
  const flat: Record<(typeof COLUMNS)[number], string | number | null> = {
    ...decision,
    action_id: decision.action.id,
    action_label: decision.action.label,
    values: JSON.stringify(decision.values),
  };
  return COLUMNS.map((column) => csvField(flat[column])).join(",");
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const format = args.format ?? "jsonl";
  const since = typeof args.since === "string" ? new Date(args.since) : undefined;
  if ((format !== "csv" && format !== "jsonl") || (since && Number.isNaN(since.getTime()))) {
    console.error("Usage: npm run export-decisions -- [--since 2026-01-01] [--format csv|jsonl]");
    process.exit(2);
  }
  const store = storeFromEnv("export-decisions");
  let count = 0;
  try {
    if (format === "csv") process.stdout.write(`${COLUMNS.join(",")}\n`);
    let cursor: string | undefined;
    do {
      const page = await listDecisions(store.db, { since, cursor, limit: 200 });
      for (const decision of page.decisions.map(toDecisionView)) {
        const line = format === "csv" ? csvRow(decision) : JSON.stringify(decision);
        if (!process.stdout.write(`${line}\n`)) {
          await new Promise((resolve) => process.stdout.once("drain", resolve));
        }
        count++;
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    console.error(`${count} decisions exported.`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
