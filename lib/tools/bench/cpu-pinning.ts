import { spawnSync } from "node:child_process";

// The bench runs the app, the upstream and the load generator on one machine. Sharing every core,
// the app's throughput would also pay for the upstream's CPU (the framework floor makes no
// upstream call, so it would not), which is not the app's to spend. So the measured server (the
// app, whose framework floor is the same process, and the minimal proxy) gets core 0 to itself,
// and the upstream and the load generator run on the other cores: as in production, where the
// workflow service runs elsewhere. See docs/decisions/005-benchmark-method.md.

export type CpuPlan = {
  /** `taskset` CPU list for the servers measured: the app and the minimal proxy. */
  measured: string;
  /** CPU list for everything else: the upstream and the load generator. */
  rest: string;
  /** Every CPU, to give a process back the whole machine. */
  all: string;
};

/**
 * How to split `cpus` cores, or why not: one core cannot be split, and without `taskset` the
 * processes cannot be pinned.
 */
export function planCpus(cpus: number, hasTaskset: boolean): CpuPlan | { reason: string } {
  if (!hasTaskset) return { reason: "taskset is not installed: nothing pinned" };
  if (cpus < 2) return { reason: "one CPU: nothing pinned" };
  const last = cpus - 1;
  return {
    measured: "0",
    rest: last === 1 ? "1" : `1-${last}`,
    all: `0-${last}`,
  };
}

export function hasTaskset(): boolean {
  return spawnSync("taskset", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Pins every thread of `pid` to `cpus` (a taskset CPU list); throws if taskset refuses. */
export function pinProcess(pid: number, cpus: string): void {
  const result = spawnSync("taskset", ["--all-tasks", "--cpu-list", "--pid", cpus, String(pid)], {
    encoding: "utf8",
  });
  // With --all-tasks, taskset says nothing and succeeds for a process that is gone.
  if (result.status !== 0 || !result.stdout.includes("new affinity")) {
    throw new Error(`taskset could not pin ${pid} to ${cpus}: ${result.stderr.trim()}`);
  }
}

/** The CPUs `pid`'s main thread may run on. */
export function affinityOf(pid: number): number[] {
  const result = spawnSync("taskset", ["--cpu-list", "--pid", String(pid)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`taskset could not read ${pid}: ${result.stderr}`);
  // "pid 12's current affinity list: 0,2-3"
  const list = result.stdout.trim().split(":").at(-1)?.trim() ?? "";
  return list.split(",").flatMap((range) => {
    const [from, to = from] = range.split("-").map(Number);
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });
}
