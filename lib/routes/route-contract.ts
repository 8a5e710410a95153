import type { $ZodType } from "zod/v4/core";

// A route of the app's API: the server answers it and the browser calls it from the same object.
export type RouteContract = {
  method: "GET" | "POST";
  /** The route's folder under app/, `[name]` for a path parameter; it names the route in logs. */
  path: `/api/${string}`;
  params?: $ZodType;
  query?: $ZodType;
  body?: $ZodType;
  /** The JSON answer; none for a stream or a route that answers its own Response. */
  answer?: $ZodType;
  status?: number;
};

/** What a query may carry on the way out; an empty or undefined value is left out. */
export type QueryValues = Record<string, string | number | undefined>;

/** A contract with its literal method and path kept (`satisfies` would widen nothing either). */
export const routeContract = <const C extends RouteContract>(contract: C): C => contract;

/** The route's URL: each `[name]` filled with its encoded param, then the query. */
export function routeUrl(path: string, params: object = {}, query: QueryValues = {}): string {
  const values = params as Record<string, string>;
  const filled = path.replace(/\[(\w+)\]/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ""),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  return search.size ? `${filled}?${search}` : filled;
}
