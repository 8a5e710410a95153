import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "@/lib/errors/api-error";
import {
  formNextLink,
  formRunEvents,
  getForm,
  submitForm,
  uploadFormFile,
} from "@/lib/server/form/form-routes";
import { handleNodeRoute } from "@/lib/server/node-route";
import { NODE_ROUTES } from "@/lib/server/node-routes-key";
import type { FormRouteParams } from "@/lib/server/with-form-link";

// The routes the app answers in front of Next, on Node's own request and response
// (docs/decisions/021-form-routes-in-front-of-next.md). The app's server (lib/server/app-server.ts)
// asks `answerNodeRoute` first and hands Next every request it does not take.

type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  params: FormRouteParams,
) => Promise<void>;

const PREFIX = "/api/forms/";

/** `/api/forms/{token}` + one of these suffixes, by method. */
const FORM_ROUTES: Record<string, Record<string, Handler>> = {
  "": { GET: getForm, POST: submitForm },
  "/files": { POST: uploadFormFile },
  "/events": { GET: formRunEvents },
  "/next-link": { POST: formNextLink },
};

function methodNotAllowed(allowed: string[]) {
  return handleNodeRoute<FormRouteParams>("forms.other", () => {
    const error = ApiError.of(
      "method_not_allowed",
      `This route takes ${allowed.join(" and ")} only.`,
    );
    error.headers.Allow = allowed.join(", ");
    return Promise.reject(error);
  });
}

const NOT_ALLOWED = Object.fromEntries(
  Object.entries(FORM_ROUTES).map(([suffix, methods]) => [
    suffix,
    methodNotAllowed(Object.keys(methods)),
  ]),
);

/**
 * Answers the request when it is one of the form routes and says so; false leaves it to Next.
 * A path that is not exactly a form route (another suffix, an empty or undecodable token) is
 * Next's, which answers it as it always has (404).
 */
export function answerNodeRoute(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url;
  if (!url?.startsWith(PREFIX)) return false;
  const query = url.indexOf("?");
  const rest = url.slice(PREFIX.length, query === -1 ? undefined : query);
  const slash = rest.indexOf("/");
  const raw = slash === -1 ? rest : rest.slice(0, slash);
  const suffix = slash === -1 ? "" : rest.slice(slash);
  const methods = FORM_ROUTES[suffix];
  if (!methods || raw === "") return false;
  let token: string;
  try {
    token = decodeURIComponent(raw);
  } catch {
    return false;
  }
  const handler = methods[req.method ?? "GET"] ?? NOT_ALLOWED[suffix]!;
  handler(req, res, { token }).catch(() => res.destroy());
  return true;
}

/** Hands `answerNodeRoute` to the app's server, which lives outside Next's bundle. */
export function installNodeRoutes(): void {
  (globalThis as Record<symbol, unknown>)[NODE_ROUTES] = answerNodeRoute;
}
