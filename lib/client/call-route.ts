import type { $ZodType, input } from "zod/v4/core";
import type * as z from "zod/mini";
import { apiFetch } from "@/lib/client/api-fetch";
import { routeUrl, type QueryValues, type RouteContract } from "@/lib/routes/route-contract";

export function callRoute<C extends RouteContract & { answer: z.ZodMiniType }>(
  contract: C,
  options: {
    params?: C["params"] extends $ZodType ? input<C["params"]> : Record<string, never>;
    query?: QueryValues;
    body?: C["body"] extends $ZodType ? input<C["body"]> : never;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<z.infer<C["answer"]>> {
  const url = routeUrl(contract.path, options.params as object | undefined, options.query);
  return apiFetch<C["answer"]>(url, contract.answer, {
    method: contract.method,
    json: options.body,
    headers: options.headers,
    signal: options.signal,
  });
}
