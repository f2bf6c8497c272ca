CREATE TABLE "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
