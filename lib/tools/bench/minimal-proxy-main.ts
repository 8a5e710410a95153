// The bench's minimal proxy in a process of its own (`node --import tsx`), so the load generator
// does not share its event loop. Argument: the upstream origin. Prints `{"origin"}` on its first
// line and exits when its parent closes stdin.
import { startMinimalProxy } from "./minimal-proxy";

async function main(): Promise<void> {
  const upstreamOrigin = process.argv[2];
  if (!upstreamOrigin) throw new Error("usage: minimal-proxy-main.ts <upstream origin>");
  const proxy = await startMinimalProxy({ upstreamOrigin });
  process.stdout.write(`${JSON.stringify({ origin: proxy.origin })}\n`);
  const stop = () => void proxy.close().finally(() => process.exit(0));
  process.stdin.on("close", stop);
  process.stdin.resume();
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error("minimal proxy failed to start:", error);
  process.exit(1);
});
