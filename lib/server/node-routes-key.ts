// Where the app's server (lib/server/app-server.ts, outside Next's bundle) finds the routes it
// answers itself once Next has loaded them (lib/server/node-routes.ts, from instrumentation.ts).
// No imports: both sides bundle this file.

import type { IncomingMessage, ServerResponse } from "node:http";

export const NODE_ROUTES = Symbol.for("dify-human-input.node-routes");

/** Answers the request and returns true, or returns false and leaves it to Next. */
export type AnswerNodeRoute = (req: IncomingMessage, res: ServerResponse) => boolean;
