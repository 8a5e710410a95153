import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("endWithBench", () => {
  it("kills a server the bench started when the bench exits without stopping it", async () => {
    const modulePath = path.resolve("lib/tools/bench/end-with-bench.ts");
    // A bench that starts a server and exits at once, as its watchdog does.
    const script = `
      const { spawn } = require("node:child_process");
      const { endWithBench } = require(${JSON.stringify(modulePath)});
      const server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      endWithBench(server);
      console.log(server.pid);
      process.exit(2);
    `;
    let pid = 0;
    try {
      execFileSync(process.execPath, ["--import", "tsx", "-e", script]);
    } catch (error) {
      pid = Number(String((error as { stdout: Buffer }).stdout).trim());
    }
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
  });
});
