-- Contractors' certificates (GMP+, QS, ISCC, other), the users' opt-in to the daily expiry mail and the
-- record of daily jobs, so that several server processes run each at most once a day.
CREATE TABLE "contractor_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"number" varchar(255) NOT NULL,
	"valid_from" date,
	"valid_to" date NOT NULL,
	"scope" text,
	CONSTRAINT "contractor_certificates_kind_valid" CHECK (kind in ('GMP_PLUS', 'QS', 'ISCC', 'OTHER')),
	CONSTRAINT "contractor_certificates_dates_order" CHECK (valid_from is null or valid_to >= valid_from)
);
--> statement-breakpoint
ALTER TABLE "contractor_certificates" ADD CONSTRAINT "contractor_certificates_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "contractor_certificates_contractor_idx" ON "contractor_certificates" USING btree ("contractor_id","id");
--> statement-breakpoint
CREATE INDEX "contractor_certificates_valid_to_idx" ON "contractor_certificates" USING btree ("valid_to");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_notify_on_certificates" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "daily_job_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_run_on" date NOT NULL
);
