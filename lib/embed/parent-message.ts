import * as z from "zod/mini";

// What a parent may send; anything else is ignored. Apart from the protocol because it brings
// zod: the embed provider loads it once it listens.

export const parentMessageSchema = z.object({
  type: z.literal("set-theme"),
  theme: z.enum(["light", "dark"]),
});
