// The bench's upstream: the embedded service in a process of its own (`node --import tsx`), so
// the load generator and the upstream do not share one event loop. Prints `{"url","origin","adminToken"}` on
// its first line and exits when its parent closes stdin.
import { startEmbeddedServer } from "@/lib/embedded/server";

// MB, per category: above the 200 MB upload (Dify's defaults stop documents at 15 MB).
const UPLOAD_LIMIT_MB = 256;

async function main(): Promise<void> {
  const server = await startEmbeddedServer({
    port: 0,
    stepDelayMs: 0,
    systemParameters: {
      file_size_limit: UPLOAD_LIMIT_MB,
      image_file_size_limit: UPLOAD_LIMIT_MB,
      audio_file_size_limit: UPLOAD_LIMIT_MB,
      video_file_size_limit: UPLOAD_LIMIT_MB,
    },
  });
  // The admin token goes to the parent only, over this pipe.
  process.stdout.write(
    `${JSON.stringify({ url: server.url, origin: server.origin, adminToken: server.adminToken })}\n`,
  );
  const stop = () => void server.close().finally(() => process.exit(0));
  process.stdin.on("close", stop);
  process.stdin.resume();
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error("bench upstream failed to start:", error);
  process.exit(1);
});
