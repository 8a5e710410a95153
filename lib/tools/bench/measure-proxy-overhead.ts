import autocannon from "autocannon";
import { FORM_LINK_HEADER } from "@/lib/form/form-link-header";
import type { LoadComparison, LoadRun } from "./bench-results";
import type { BenchForm } from "./create-demo-form";
import { multipartParts } from "./multipart-parts";
import { latencySummary } from "./percentile";
import type { BenchStack } from "./start-bench-stack";

type Target = {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: Buffer;
};
type Scenario = { name: string; app: Target; direct: Target };

const WARM_UP_REQUESTS = 300;

function uploadBody(user?: string): { body: Buffer; contentType: string } {
  const { head, tail, contentType } = multipartParts({ filename: "bench.txt", user });
  return { body: Buffer.concat([head, Buffer.alloc(1024, "x"), tail]), contentType };
}

function scenarios(stack: BenchStack, form: BenchForm): Scenario[] {
  const token = encodeURIComponent(form.token);
  const link = { [FORM_LINK_HEADER]: form.linkQuery };
  const bearer = { authorization: `Bearer ${stack.upstreamKey}` };
  const viaApp = uploadBody();
  const direct = uploadBody(form.user);
  return [
    {
      name: "GET form",
      app: { url: `${stack.appOrigin}/api/forms/${token}`, method: "GET", headers: link },
      direct: {
        url: `${stack.upstreamUrl}/form/human_input/${token}`,
        method: "GET",
        headers: bearer,
      },
    },
    {
      name: "POST upload 1 KB",
      app: {
        url: `${stack.appOrigin}/api/forms/${token}/files`,
        method: "POST",
        // The same-origin guard wants the page's own Origin.
        headers: { ...link, origin: stack.appOrigin, "content-type": viaApp.contentType },
        body: viaApp.body,
      },
      direct: {
        url: `${stack.upstreamUrl}/files/upload`,
        method: "POST",
        headers: { ...bearer, "content-type": direct.contentType },
        body: direct.body,
      },
    },
  ];
}

/**
 * `amount` requests over `connections` connections. Latencies are collected from each response
 * (sub-millisecond) rather than autocannon's histogram, which rounds to whole milliseconds: too
 * coarse for a 2 ms budget.
 */
function runLoad(target: Target, connections: number, amount: number): Promise<LoadRun> {
  const latencies = new Float64Array(amount);
  let count = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections,
        amount,
        timeout: 30,
      },
      (error: unknown, result) => {
        if (error) {
          return reject(error instanceof Error ? error : new Error(`autocannon: ${target.url}`));
        }
        const seconds = (performance.now() - started) / 1000;
        const summary = latencySummary(latencies.subarray(0, count));
        resolve({
          requests: count,
          requestsPerSecond: count / seconds,
          p50Ms: summary.p50,
          p99Ms: summary.p99,
          failures: result.errors + result.non2xx,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      if (count < amount) latencies[count++] = responseTime;
    });
  });
}

/** Each scenario at each concurrency, direct first, then through the app, after a warm-up. */
export async function measureProxyOverhead(
  stack: BenchStack,
  form: BenchForm,
  options: { requests: number; concurrencies: number[]; log: (line: string) => void },
): Promise<LoadComparison[]> {
  const results: LoadComparison[] = [];
  for (const scenario of scenarios(stack, form)) {
    for (const concurrency of options.concurrencies) {
      await runLoad(scenario.direct, concurrency, WARM_UP_REQUESTS);
      await runLoad(scenario.app, concurrency, WARM_UP_REQUESTS);
      const direct = await runLoad(scenario.direct, concurrency, options.requests);
      const app = await runLoad(scenario.app, concurrency, options.requests);
      options.log(
        `  ${scenario.name}, c=${concurrency}: app ${app.requestsPerSecond.toFixed(0)} req/s ` +
          `p50 ${app.p50Ms.toFixed(2)} ms; direct ${direct.requestsPerSecond.toFixed(0)} req/s ` +
          `p50 ${direct.p50Ms.toFixed(2)} ms`,
      );
      results.push({ scenario: scenario.name, concurrency, app, direct });
    }
  }
  return results;
}
