// `npm test`: the checks in phases, stopping after the first phase with a failure, then the time
// each step took and the whole, so a suite that grows past its budget (8 min on a quiet 2-core
// machine) is seen. The static checks and the unit tests share a phase: lint and tsc each keep
// one core busy, so beside the unit tests they cost little wall time. Route types are generated
// once first (the `pre` scripts that do it alone are skipped), as two generations at once would
// write the same files.
import { spawn } from "node:child_process";

const PHASES = [
  ["typegen"],
  ["lint", "typecheck", "format:check", "test:unit"],
  ["build"],
  ["test:e2e"],
];

type Step = { name: string; args: string[]; env?: Record<string, string> };
const stepOf = (name: string): Step => {
  if (name === "typegen") return { name, args: ["exec", "--", "next", "typegen"] };
  // Their `pre` scripts generate the route types, done once above.
  if (name === "lint" || name === "typecheck")
    return { name, args: ["run", name, "--ignore-scripts"] };
  // The build skips its own type check: the typecheck step has made it.
  if (name === "build") return { name, args: ["run", name], env: { SUITE_TYPECHECKED: "1" } };
  return { name, args: ["run", name] };
};

const minutes = (ms: number) =>
  `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

/** Runs a step; alone it prints as it goes, beside others its output is printed when it ends. */
function runStep(step: Step, alone: boolean) {
  const at = performance.now();
  return new Promise<{ name: string; ms: number; ok: boolean }>((resolve) => {
    const child = spawn("npm", step.args, {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...step.env },
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => {
      if (!alone) process.stdout.write(`\n── ${step.name} ──\n${output}`);
      resolve({ name: step.name, ms: performance.now() - at, ok: code === 0 });
    });
  });
}

async function main() {
  const started = performance.now();
  const took: { name: string; ms: number; ok: boolean }[] = [];
  for (const phase of PHASES) {
    const results = await Promise.all(
      phase.map((name) => runStep(stepOf(name), phase.length === 1)),
    );
    took.push(...results);
    if (results.some((result) => !result.ok)) break;
  }
  console.log("\nnpm test, by step (steps of one phase run side by side):");
  for (const { name, ms } of took) console.log(`  ${name.padEnd(14)} ${minutes(ms)}`);
  console.log(`  ${"total".padEnd(14)} ${minutes(performance.now() - started)}`);
  const failed = took.filter((result) => !result.ok).map((result) => result.name);
  if (failed.length > 0) {
    console.error(`npm test: ${failed.join(", ")} failed`);
    process.exit(1);
  }
}

void main();
