import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { REQUEST_STATUSES } from "@/lib/requests/request-status";

// The app's memory: what waits on whom (requests, recipients) and who answered what (decisions).
// Migrations are generated from this file (`npx drizzle-kit generate`) and checked in.

/** One Dify form (by its token) someone is asked to answer. */
export const requests = pgTable(
  "requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formToken: text("form_token").notNull().unique(),
    runId: text("run_id"),
    title: text("title"),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("waiting"),
    /** Links to this request need the sign-in claim while the store is up. */
    requireSignIn: boolean("require_sign_in").notNull().default(false),
    /** Who registered it: a portal token's name, `launcher`, `follow` or `answer`. */
    registeredBy: text("registered_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** How the run ended (`succeeded`, `failed`, `stopped`), once followed to its end. */
    runOutcome: text("run_outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last time the sweep read the form from Dify. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /**
     * Set with an answer of a run, cleared once the run was followed past it: the sweep queues
     * a follow again that is still owed long after (lib/server/requests/requeue-follows.ts).
     */
    followOwedAt: timestamp("follow_owed_at", { withTimezone: true }),
  },
  (table) => [
    // The sweep reads the waiting requests checked longest ago.
    index("requests_waiting_idx")
      .on(table.checkedAt)
      .where(sql`${table.status} = 'waiting'`),
    index("requests_run_idx").on(table.runId),
    index("requests_follow_owed_idx")
      .on(table.followOwedAt)
      .where(sql`${table.followOwedAt} is not null`),
    index("requests_status_idx").on(table.status, table.createdAt),
  ],
);

/** Whom a request names (an email or the link's user id). */
export const recipients = pgTable(
  "recipients",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.recipient] }),
    index("recipients_recipient_idx").on(table.recipient),
    // The inbox finds a viewer's requests whatever the case of the name they were sent to.
    index("recipients_recipient_lower_idx").on(sql`lower(${table.recipient})`),
  ],
);

/**
 * One row per answer this app sent to Dify; append-only (a trigger refuses updates), removed
 * only by DECISION_RETENTION_DAYS.
 */
export const decisions = pgTable(
  "decisions",
  {
    /** Also the cursor of GET /api/decisions: rows are listed in the order they were stored. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Chosen when the answer is sent: a retried or replayed write stores it once. */
    answerId: uuid("answer_id").notNull().unique(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id),
    formToken: text("form_token").notNull(),
    runId: text("run_id"),
    /** The link's user; the signed-in identity beside it once there is one. */
    user: text("user").notNull(),
    issuer: text("issuer"),
    subject: text("subject"),
    email: text("email"),
    actionId: text("action_id").notNull(),
    actionLabel: text("action_label"),
    /** The values sent: text capped, files by name and id, never their bytes. */
    values: jsonb("values").notNull(),
    /** Dify's answer to the submission (its HTTP status). */
    difyStatus: integer("dify_status").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("decisions_decided_idx").on(table.decidedAt),
    index("decisions_request_idx").on(table.requestId),
    check("decisions_dify_status_check", sql`${table.difyStatus} between 100 and 599`),
  ],
);

// Room for reminders and notifications: a `messages` table keyed (request, recipient, kind,
// offset), so that a second copy sending the same key sends nothing.
