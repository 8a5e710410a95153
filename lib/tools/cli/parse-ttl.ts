/** Parses `7d`, `12h`, `30m`, `45s` or plain seconds into seconds. */
export function parseTtl(value: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`Invalid TTL "${value}": use e.g. 7d, 12h, 30m or 3600`);
  const unit = { "": 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as "" | "s" | "m" | "h" | "d"];
  return Number(match[1]) * unit;
}
