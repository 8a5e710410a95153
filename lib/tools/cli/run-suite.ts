// `npm test`: each check in turn, stopping at the first that fails, then the time each took and
// the whole, so a suite that grows past its budget (8 min on a quiet 2-core machine) is seen.
import { spawnSync } from "node:child_process";

const STEPS = ["lint", "typecheck", "format:check", "test:unit", "build", "test:e2e"];

const took: [string, number][] = [];
const started = performance.now();
const minutes = (ms: number) =>
  `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
let failed: string | null = null;
for (const step of STEPS) {
  const at = performance.now();
  const result = spawnSync("npm", ["run", step], { stdio: "inherit" });
  took.push([step, performance.now() - at]);
  if (result.status !== 0) {
    failed = step;
    break;
  }
}
console.log("\nnpm test, by step:");
for (const [step, ms] of took) console.log(`  ${step.padEnd(14)} ${minutes(ms)}`);
console.log(`  ${"total".padEnd(14)} ${minutes(performance.now() - started)}`);
if (failed) {
  console.error(`npm test: ${failed} failed`);
  process.exit(1);
}
