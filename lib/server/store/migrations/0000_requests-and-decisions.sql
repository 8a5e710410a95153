CREATE TABLE "decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"answer_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"form_token" text NOT NULL,
	"run_id" text,
	"user" text NOT NULL,
	"issuer" text,
	"subject" text,
	"email" text,
	"action_id" text NOT NULL,
	"action_label" text,
	"values" jsonb NOT NULL,
	"dify_status" integer NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decisions_answer_id_unique" UNIQUE("answer_id"),
	CONSTRAINT "decisions_dify_status_check" CHECK ("decisions"."dify_status" between 100 and 599)
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"request_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	CONSTRAINT "recipients_request_id_recipient_pk" PRIMARY KEY("request_id","recipient")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_token" text NOT NULL,
	"run_id" text,
	"title" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"require_sign_in" boolean DEFAULT false NOT NULL,
	"registered_by" text NOT NULL,
	"expires_at" timestamp with time zone,
	"run_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "requests_form_token_unique" UNIQUE("form_token")
);
--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decisions_decided_idx" ON "decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "decisions_request_idx" ON "decisions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "recipients_recipient_idx" ON "recipients" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "requests_waiting_idx" ON "requests" USING btree ("checked_at") WHERE "requests"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "requests_run_idx" ON "requests" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status","created_at");