import { parseEnv } from "@/lib/env-schema";

// Fails `next start` at once, naming the variable, instead of on the first request.
export function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") parseEnv(process.env);
}
