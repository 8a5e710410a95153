import { FORM_LINK_HEADER } from "@/lib/form/form-link";
import type { MemoryResult } from "./bench-results";
import { createDemoForm, type BenchForm } from "./create-demo-form";
import { openStream } from "./measure-stream-relay";
import { readRssMb } from "./rss-monitor";
import type { BenchStack } from "./start-bench-stack";

// The app at rest: its RSS once started, then what each open, quiet event stream holds.

/** The app's default MAX_STREAMS_PER_LINK: this many streams share one form's link. */
const STREAMS_PER_LINK = 4;
const SETTLE_MS = 2_000;
const READY_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Run first, before any load: the idle figure is the app as a fresh start leaves it. */
export async function measureIdleMemory(
  stack: BenchStack,
  options: { streams: number; log: (line: string) => void },
): Promise<MemoryResult> {
  await sleep(SETTLE_MS);
  const appIdleRssMb = readRssMb(stack.appPid);
  options.log(`  idle app RSS ${appIdleRssMb.toFixed(1)} MB`);

  const forms: BenchForm[] = [];
  for (let i = 0; i * STREAMS_PER_LINK < options.streams; i++) {
    forms.push(await createDemoForm(stack, `bench-idle-${i}@example.com`));
  }
  // One warm-up stream, so the first stream's route load is not charged to the streams.
  const warm = openStream(eventsTarget(stack, forms[0]!), 1);
  await withTimeout(warm.ready);
  warm.close();
  await sleep(SETTLE_MS);

  const rssBeforeStreamsMb = readRssMb(stack.appPid);
  const streams = Array.from({ length: options.streams }, (_, i) =>
    openStream(eventsTarget(stack, forms[Math.floor(i / STREAMS_PER_LINK)]!), 1),
  );
  let rssWithStreamsMb: number;
  try {
    await withTimeout(Promise.all(streams.map((stream) => stream.ready)));
    await sleep(SETTLE_MS);
    rssWithStreamsMb = readRssMb(stack.appPid);
  } finally {
    for (const stream of streams) stream.close();
  }
  const mbPerStream = (rssWithStreamsMb - rssBeforeStreamsMb) / options.streams;
  options.log(
    `  ${options.streams} idle streams: ${rssBeforeStreamsMb.toFixed(1)} → ` +
      `${rssWithStreamsMb.toFixed(1)} MB (${mbPerStream.toFixed(3)} MB each)`,
  );
  // The streams' slots are freed as the app sees them go.
  await sleep(SETTLE_MS);
  return {
    appIdleRssMb,
    idleStreams: options.streams,
    rssBeforeStreamsMb,
    rssWithStreamsMb,
    mbPerStream,
  };
}

function eventsTarget(stack: BenchStack, form: { token: string; linkQuery: string }) {
  return {
    url: `${stack.appOrigin}/api/forms/${encodeURIComponent(form.token)}/events`,
    headers: { [FORM_LINK_HEADER]: form.linkQuery },
  };
}

async function withTimeout(promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new Error(`the idle streams took over ${READY_TIMEOUT_MS / 1000} s to open`)),
          READY_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
