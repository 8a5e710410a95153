import autocannon from "autocannon";
import { FORM_LINK_HEADER } from "@/lib/form/form-link";
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
/** One request as each path takes it: the app, the two framework floors, the minimal proxy, direct. */
type Scenario = {
  name: string;
  app: Target;
  frameworkFloor: Target;
  proxyFloor: Target;
  minimalProxy: Target;
  direct: Target;
};

/** The direct request, sent through a proxy whose API base is `base` instead. */
const via = (stack: BenchStack, base: string, direct: Target): Target => ({
  ...direct,
  url: base + direct.url.slice(stack.upstreamUrl.length),
});

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
  const getDirect: Target = {
    url: `${stack.upstreamUrl}/form/human_input/${token}`,
    method: "GET",
    headers: bearer,
  };
  const uploadDirect: Target = {
    url: `${stack.upstreamUrl}/files/upload`,
    method: "POST",
    headers: { ...bearer, "content-type": direct.contentType },
    body: direct.body,
  };
  return [
    {
      name: "GET form",
      app: { url: `${stack.appOrigin}/api/forms/${token}`, method: "GET", headers: link },
      frameworkFloor: { url: stack.frameworkFloorUrl, method: "GET", headers: link },
      proxyFloor: via(stack, stack.proxyFloorUrl, getDirect),
      minimalProxy: via(stack, stack.minimalProxyUrl, getDirect),
      direct: getDirect,
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
      // The same body, read to its end and dropped.
      frameworkFloor: {
        url: stack.frameworkFloorUrl,
        method: "POST",
        headers: { ...link, origin: stack.appOrigin, "content-type": viaApp.contentType },
        body: viaApp.body,
      },
      proxyFloor: via(stack, stack.proxyFloorUrl, uploadDirect),
      minimalProxy: via(stack, stack.minimalProxyUrl, uploadDirect),
      direct: uploadDirect,
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

const PATHS = ["direct", "minimalProxy", "frameworkFloor", "proxyFloor", "app"] as const;

/**
 * Each scenario at each concurrency on every path (direct, the minimal proxy, the two framework
 * floors, the app), each after a warm-up of its own.
 */
export async function measureProxyOverhead(
  stack: BenchStack,
  form: BenchForm,
  options: { requests: number; concurrencies: number[]; log: (line: string) => void },
): Promise<LoadComparison[]> {
  const results: LoadComparison[] = [];
  for (const scenario of scenarios(stack, form)) {
    for (const concurrency of options.concurrencies) {
      const runs = {} as Record<(typeof PATHS)[number], LoadRun>;
      for (const name of PATHS) {
        await runLoad(scenario[name], concurrency, Math.min(WARM_UP_REQUESTS, options.requests));
        runs[name] = await runLoad(scenario[name], concurrency, options.requests);
      }
      options.log(
        `  ${scenario.name}, c=${concurrency}: ` +
          PATHS.map(
            (name) =>
              `${name} ${runs[name].requestsPerSecond.toFixed(0)} req/s ` +
              `p50 ${runs[name].p50Ms.toFixed(2)} ms`,
          ).join("; "),
      );
      results.push({ scenario: scenario.name, concurrency, ...runs });
    }
  }
  return results;
}
