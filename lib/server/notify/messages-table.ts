import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { requests } from "@/lib/server/store/schema";

// NOTE: no `server-only`, like the store's schema. Its migration is 0002_inbox-messages (written
// beside the store's, as the store's own schema file stays the store's).

/**
 * One row per message, keyed (request, recipient, kind, offset): the copy whose insert makes the
 * row sends it; every other copy finds the key taken and sends nothing.
 */
export const messages = pgTable(
  "messages",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    /** `arrival` (offset 0) or `reminder` (seconds before expiry). */
    kind: text("kind", { enum: ["arrival", "reminder"] }).notNull(),
    offsetSeconds: integer("offset_seconds").notNull(),
    /** `pending` until sent; `sent`; `skipped` when the request closed first. */
    status: text("status", { enum: ["pending", "sent", "skipped"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Each channel once: a retry after one channel failed sends the other only. */
    mailSentAt: timestamp("mail_sent_at", { withTimezone: true }),
    webhookSentAt: timestamp("webhook_sent_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.recipient, table.kind, table.offsetSeconds] }),
  ],
);
