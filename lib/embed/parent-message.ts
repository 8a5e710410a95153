import * as z from "zod/mini";

// What a parent may send; anything else is ignored (lib/embed/embed-protocol.ts has the rest of the
// protocol). Apart from it because it brings zod: the embed provider loads it once it listens.

export const parentMessageSchema = z.object({
  type: z.literal("set-theme"),
  theme: z.enum(["light", "dark"]),
});
