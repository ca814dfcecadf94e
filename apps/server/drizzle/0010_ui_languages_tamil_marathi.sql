ALTER TYPE "public"."ui_language" ADD VALUE 'ta';--> statement-breakpoint
ALTER TYPE "public"."ui_language" ADD VALUE 'mr';