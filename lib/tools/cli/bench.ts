// npm run bench: measures the app beside its references (the upstream reached directly, the
// framework floor, a minimal Node proxy) and checks the budgets (docs/performance.md);
// exits 1 when one fails. `--build` rebuilds first; `--only memory,proxy,upload,streams,page,redis,store`
// runs some sections. To try things out (the figures then do not count): `--requests 500` shortens
// the load runs, `--streams` and `--interval-ms` change the stream load (500 streams, an event
// every 100 ms each), `--idle-streams 1000`, `--upload-mb 200`, `--page-loads 10`, `--submits 300`, `--waiting 1000`.
import path from "node:path";
import { SECTIONS, runBench, type Section } from "@/lib/tools/bench/run-bench";
import { parseArgs } from "@/lib/tools/cli/parse-args";

// The whole run must stay bounded, whatever hangs.
const TIME_LIMIT_MS = 12 * 60_000;

const args = parseArgs(process.argv.slice(2));

function sections(value: string | true | undefined): Section[] {
  if (typeof value !== "string") return [...SECTIONS];
  const chosen = value.split(",").map((s) => s.trim());
  const unknown = chosen.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length)
    throw new Error(`--only: unknown ${unknown.join(", ")} (${SECTIONS.join(", ")})`);
  return chosen as Section[];
}

function count(value: string | true | undefined, fallback: number): number {
  if (typeof value !== "string") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`not a positive count: ${value}`);
  return parsed;
}

const watchdog = setTimeout(() => {
  console.error(`The bench took over ${TIME_LIMIT_MS / 60_000} minutes; stopping.`);
  process.exit(2);
}, TIME_LIMIT_MS);
watchdog.unref();

runBench({
  build: args.build === true,
  only: sections(args.only),
  requests: count(args.requests, 5000),
  streams: count(args.streams, 500),
  intervalMs: count(args["interval-ms"], 100),
  idleStreams: count(args["idle-streams"], 1000),
  uploadBytes: count(args["upload-mb"], 200) * 1024 * 1024,
  pageLoads: count(args["page-loads"], 10),
  submits: count(args.submits, 300),
  waiting: count(args.waiting, 1000),
  outFile: path.resolve(typeof args.out === "string" ? args.out : "bench-results/latest.json"),
}).then(
  (report) => process.exit(report.pass ? 0 : 1),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(2);
  },
);
