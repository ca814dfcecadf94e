ALTER TABLE "sms_outbox" RENAME TO "outbox";--> statement-breakpoint
ALTER TABLE "outbox" RENAME COLUMN "phone" TO "recipient";--> statement-breakpoint
DROP INDEX "sms_outbox_due_idx";--> statement-breakpoint
DROP INDEX "sms_outbox_message_ids_idx";--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("channel","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_message_ids_idx" ON "outbox" USING gin ("message_ids");