CREATE TABLE "messages" (
	"request_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"offset_seconds" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_sent_at" timestamp with time zone,
	"webhook_sent_at" timestamp with time zone,
	CONSTRAINT "messages_request_id_recipient_kind_offset_seconds_pk" PRIMARY KEY("request_id","recipient","kind","offset_seconds")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;
