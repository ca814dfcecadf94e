CREATE TABLE "inbound_messages" (
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_channel_external_id_pk" PRIMARY KEY("channel","external_id")
);
--> statement-breakpoint
DROP INDEX "sms_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("channel","status","next_attempt_at");