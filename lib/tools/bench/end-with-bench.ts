import type { ChildProcess } from "node:child_process";

// The bench's watchdog exits without unwinding, and a section that throws may not reach its own
// clean-up: whatever way the bench ends, the servers it started end with it, or they would go on
// taking the CPU from the next run.

const children = new Set<ChildProcess>();
let hooked = false;

/** Kills `child` when this process exits, unless it has exited first. */
export function endWithBench(child: ChildProcess): void {
  children.add(child);
  child.once("exit", () => children.delete(child));
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const running of children) running.kill("SIGKILL");
    });
  }
}
