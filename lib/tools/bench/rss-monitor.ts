import { readFileSync } from "node:fs";

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status; Linux only). */
export function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** CPU time a process has used so far (user + system), in ms; from /proc/<pid>/stat. */
export function readCpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime: fields 14 and 15
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

// USER_HZ, 100 on every Linux build that matters here (`getconf CLK_TCK`).
const CLOCK_TICKS_PER_SECOND = 100;

/** Samples a process's RSS until stopped; `stop` returns the peak seen (MB). */
export function startRssMonitor(pid: number, intervalMs = 20): { stop(): number } {
  let peak = readRssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readRssMb(pid));
    } catch {
      // The process is gone; the run will report that on its own.
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, readRssMb(pid));
    },
  };
}
