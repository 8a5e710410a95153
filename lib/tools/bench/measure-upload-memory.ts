import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { FORM_LINK_HEADER } from "@/lib/form/form-link";
import type { RssWindow, UploadMemoryResult, UploadRun } from "./bench-results";
import type { BenchForm } from "./create-demo-form";
import { multipartParts } from "./multipart-parts";
import { readRssMb, startRssMonitor } from "./rss-monitor";
import type { BenchStack } from "./start-bench-stack";

const CHUNK = randomBytes(64 * 1024);

/**
 * Streams a multipart body holding `bytes` of file content (one 64 KB chunk sent over and over,
 * written as fast as the socket drains), and times it until the answer has arrived.
 */
export function streamUpload(
  url: string,
  headers: Record<string, string>,
  bytes: number,
  user?: string,
): Promise<UploadRun> {
  const { head, tail, contentType } = multipartParts({ filename: "bench-large.txt", user });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": contentType,
        "content-length": String(head.length + bytes + tail.length),
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => {
        const seconds = (performance.now() - started) / 1000;
        resolve({
          status: res.statusCode ?? 0,
          seconds,
          mbPerSecond: bytes / 1024 / 1024 / seconds,
        });
      });
    });
    let left = bytes;
    const write = () => {
      while (left > 0) {
        const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      req.end(tail);
    };
    req.write(head);
    write();
  });
}

/** The fastest accepted run (`accepted` is 201 for an upload, 200 for the framework floor). */
const best = (runs: UploadRun[], accepted = 201) =>
  runs.reduce((a, b) =>
    b.status === accepted && (a.status !== accepted || b.seconds < a.seconds) ? b : a,
  );

/**
 * Large uploads straight to the upstream, through the minimal proxy, through the floor app's stream
 * route and through the app, in turn, `runs` each way; the fastest of each counts. The app's RSS
 * is watched over all its runs, from just before the first.
 */
export async function measureUploadMemory(
  stack: BenchStack,
  form: BenchForm,
  options: { bytes: number; runs: number; log: (line: string) => void },
): Promise<UploadMemoryResult> {
  const direct: UploadRun[] = [];
  const minimalProxy: UploadRun[] = [];
  const frameworkFloor: UploadRun[] = [];
  const proxyFloor: UploadRun[] = [];
  const streamFloor: UploadRun[] = [];
  const app: UploadRun[] = [];
  const bearer = { authorization: `Bearer ${stack.upstreamKey}` };
  const baseline = readRssMb(stack.appPid);
  const monitor = startRssMonitor(stack.appPid);
  const proxyBaseline = readRssMb(stack.minimalProxyPid);
  const proxyMonitor = startRssMonitor(stack.minimalProxyPid);
  let peak: number;
  let proxyPeak: number;
  try {
    // The same upload through each of the upstream's fronts (`/v1` bases), then the app's route.
    const upstreamFronts = [
      ["direct", direct, stack.upstreamUrl],
      ["proxy", minimalProxy, stack.minimalProxyUrl],
      ["stream floor", streamFloor, stack.streamFloorUrl],
    ] as const;
    for (let run = 0; run < options.runs; run++) {
      for (const [, runs, base] of upstreamFronts) {
        runs.push(await streamUpload(`${base}/files/upload`, bearer, options.bytes, form.user));
      }
      app.push(
        await streamUpload(
          `${stack.appOrigin}/api/forms/${encodeURIComponent(form.token)}/files`,
          { [FORM_LINK_HEADER]: form.linkQuery, origin: stack.appOrigin },
          options.bytes,
        ),
      );
      const seen = [...upstreamFronts, ["app", app] as const].map(
        ([name, runs]) => `${name} ${runs.at(-1)?.status} in ${runs.at(-1)?.seconds.toFixed(2)} s`,
      );
      options.log(`  run ${run + 1}: ${seen.join(", ")}`);
    }
  } finally {
    peak = monitor.stop();
    proxyPeak = proxyMonitor.stop();
  }
  // The same body, read by a route handler of the floor app and dropped (the most a route handler
  // can take), and passed upstream by its proxy route (the leanest proxy in Next), whose memory
  // is watched over its own runs: the floor of the app's.
  for (let run = 0; run < options.runs; run++) {
    frameworkFloor.push(await streamUpload(stack.frameworkFloorUrl, {}, options.bytes));
  }
  const proxyFloorRss = await watchRss(stack.floorAppPid, async () => {
    for (let run = 0; run < options.runs; run++) {
      proxyFloor.push(
        await streamUpload(`${stack.proxyFloorUrl}/files/upload`, bearer, options.bytes, form.user),
      );
    }
  });
  for (const [name, runs] of [
    ["framework floor", frameworkFloor],
    ["proxy floor", proxyFloor],
  ] as const) {
    options.log(
      `  ${name}: ${runs.map((r) => `${r.status} in ${r.seconds.toFixed(2)} s`).join(", ")}`,
    );
  }
  options.log(
    `  RSS: app ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MB, minimal proxy ` +
      `${proxyBaseline.toFixed(0)} → ${proxyPeak.toFixed(0)} MB, proxy floor ` +
      `${proxyFloorRss.baselineMb.toFixed(0)} → ${proxyFloorRss.peakMb.toFixed(0)} MB`,
  );
  return {
    bytes: options.bytes,
    runs: options.runs,
    app: best(app),
    frameworkFloor: best(frameworkFloor, 200),
    proxyFloor: best(proxyFloor),
    streamFloor: best(streamFloor),
    minimalProxy: best(minimalProxy),
    direct: best(direct),
    appBaselineRssMb: baseline,
    appPeakRssMb: peak,
    minimalProxyRss: { baselineMb: proxyBaseline, peakMb: proxyPeak },
    proxyFloorRss,
  };
}

/** A process's RSS just before `work` and its peak while `work` runs. */
async function watchRss(pid: number, work: () => Promise<void>): Promise<RssWindow> {
  const baselineMb = readRssMb(pid);
  const monitor = startRssMonitor(pid);
  try {
    await work();
  } catch (error) {
    monitor.stop();
    throw error;
  }
  return { baselineMb, peakMb: monitor.stop() };
}
