// npm run replay-decisions <log>: stores the decisions the app could not (its `decision_unrecorded`
// log lines), once each: a decision already stored (same answer id) is left as it is.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import {
  decisionRecordSchema,
  UNRECORDED_MSG,
  type DecisionRecord,
} from "@/lib/server/requests/decision-record";
import { recordDecision } from "@/lib/server/requests/record-decision";
import { storeFromEnv } from "@/lib/tools/cli/store-from-env";

/** The decision a log line carries, if it is one (a prefix before the JSON, as a log shipper adds, is skipped). */
function decisionOfLine(line: string): DecisionRecord | "invalid" | undefined {
  const start = line.indexOf("{");
  if (start === -1 || !line.includes(UNRECORDED_MSG)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(line.slice(start));
  } catch {
    return "invalid";
  }
  const entry = json as { msg?: unknown; decision?: unknown };
  if (entry.msg !== UNRECORDED_MSG) return undefined;
  const parsed = decisionRecordSchema.safeParse(entry.decision);
  return parsed.success ? parsed.data : "invalid";
}

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run replay-decisions <log file>");
    process.exit(2);
  }
  const store = storeFromEnv("replay-decisions");
  let stored = 0;
  let invalid = 0;
  try {
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    for await (const line of lines) {
      const decision = decisionOfLine(line);
      if (decision === undefined) continue;
      if (decision === "invalid") {
        invalid++;
        continue;
      }
      await recordDecision(store.db, decision);
      stored++;
    }
  } finally {
    await store.close();
  }
  console.log(`${stored} decisions replayed (each stored once), ${invalid} lines unreadable.`);
  if (invalid) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
