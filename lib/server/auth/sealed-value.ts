import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// NOTE: no `server-only`: tests and tools seal values too. Each use has its own label, and the key
// is derived from FORM_LINK_SECRET under it, so sign-in needs no other secret and a value sealed
// for one use never opens as another's.
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", `dify-human-input ${label}`, 32));
}

/** AES-256-GCM over the JSON of `value`, as base64url (iv, tag, ciphertext). */
export function sealValue(secret: string, label: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, label), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed JSON value, or undefined for anything not sealed with this secret and label. */
export function openSealedValue(secret: string, label: string, sealed: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return undefined;
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      keyFor(secret, label),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
