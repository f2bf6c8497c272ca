ALTER TABLE "failed_logins" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_failure_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "failed_logins_email_ip_time_idx" ON "failed_logins" USING btree ("email","ip","attempted_at");--> statement-breakpoint
CREATE INDEX "failed_logins_time_idx" ON "failed_logins" USING btree ("attempted_at");