import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The embedded service's admin routes (/_embedded/...) can start runs, script faults and read
// every call: each process makes its own token, and only clients that can read it (the same OS
// user, through a 0600 file, or the process that started the service) can use them. A page on
// another site cannot, even with DNS rebinding, since it can neither read the file nor guess.

/** The header an admin request carries the token in. */
export const ADMIN_TOKEN_HEADER = "x-embedded-admin-token";

export function newAdminToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Where a service on `port` publishes its token (`npm run embedded`, `npm run demo`). */
export function adminTokenPath(port: number): string {
  return join(tmpdir(), `embedded-dify-${port}.admin-token`);
}

/** Writes the token for clients in other processes (readable by this OS user only). */
export function publishAdminToken(port: number, token: string): () => void {
  const path = adminTokenPath(port);
  writeFileSync(path, token, { mode: 0o600 });
  return () => rmSync(path, { force: true });
}

/** The token of the service on `port`: EMBEDDED_ADMIN_TOKEN when set, else its published file. */
export function readAdminToken(port: number): string {
  const fromEnv = process.env.EMBEDDED_ADMIN_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  try {
    return readFileSync(adminTokenPath(port), "utf8").trim();
  } catch {
    throw new Error(
      `No admin token for the embedded service on port ${port}: is it running (${adminTokenPath(port)})?`,
    );
  }
}

/** Constant-time comparison of a presented token with the service's own. */
export function adminTokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
