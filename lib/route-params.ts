import { z } from "zod";

// Ids that end up in upstream paths: letters, digits, `-` and `_` only, so no value can carry
// `/`, `..`, an encoded separator or a control character into the upstream URL.
const pathId = (what: string) =>
  z
    .string()
    .min(1, `${what} is missing`)
    .max(128, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} has characters that are not allowed`);

export const formTokenSchema = pathId("The form token");
export const runIdSchema = pathId("The run id");

export const formRouteParamsSchema = z.object({ token: formTokenSchema });
