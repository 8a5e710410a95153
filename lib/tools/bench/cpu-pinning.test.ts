import { spawn } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { affinityOf, hasTaskset, pinProcess, planCpus } from "./cpu-pinning";

describe("planCpus", () => {
  it("gives the measured servers core 0 and everything else the other cores", () => {
    expect(planCpus(2, true)).toEqual({ measured: "0", rest: "1", all: "0-1" });
    expect(planCpus(8, true)).toEqual({ measured: "0", rest: "1-7", all: "0-7" });
  });

  it("pins nothing on one core or without taskset, and says why", () => {
    expect(planCpus(1, true)).toEqual({ reason: "one CPU: nothing pinned" });
    expect(planCpus(4, false)).toEqual({ reason: "taskset is not installed: nothing pinned" });
  });
});

describe.runIf(hasTaskset() && os.cpus().length >= 2)("pinProcess", () => {
  it("moves a running process to the CPUs given, and back", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10_000)"]);
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      const pid = child.pid!;
      pinProcess(pid, "1");
      expect(affinityOf(pid)).toEqual([1]);
      pinProcess(pid, `0-${os.cpus().length - 1}`);
      expect(affinityOf(pid)).toEqual(os.cpus().map((_, i) => i));
    } finally {
      child.kill();
    }
  });

  it("throws when the process does not exist", () => {
    expect(() => pinProcess(2 ** 22 + 7, "0")).toThrow(/taskset could not pin/);
  });
});
