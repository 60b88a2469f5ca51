-- Received invoices (RULES.md Invoices, VAT and KSeF: a received invoice matched to statement rows). The KSeF
-- worker's incremental export (Subject2) stores each invoice's XML as received, deduplicated by KSeF number; its
-- rows link it to the PURCHASE or TRANSPORT statement rows it bills (a row to one received invoice at most); one
-- row of sync state keeps the export's high water mark and when it last ran (windows at least 15 minutes apart).
CREATE TABLE "received_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"ksef_number" varchar(64) NOT NULL,
	"xml" bytea NOT NULL,
	"xml_sha256" varchar(64) NOT NULL,
	"seller_nip" varchar(16),
	"seller_name" varchar(512),
	"buyer_nip" varchar(16),
	"number" varchar(256),
	"issue_date" date,
	"currency" varchar(3),
	"net_total" bigint,
	"vat_total" bigint,
	"gross_total" bigint,
	"contractor_id" integer,
	"status" varchar(16) DEFAULT 'TO_ASSIGN' NOT NULL,
	"suggested_transaction_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" varchar(1000),
	"parse_error" varchar(1000),
	"permanent_storage_date" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "received_invoices_status_valid" CHECK (status in ('MATCHED', 'TO_ASSIGN', 'DIFFERENCE', 'HIDDEN'))
);
--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "received_invoices_ksef_number_key" ON "received_invoices" USING btree ("ksef_number");
--> statement-breakpoint
CREATE INDEX "received_invoices_status_idx" ON "received_invoices" USING btree ("status","id");
--> statement-breakpoint
CREATE INDEX "received_invoices_contractor_idx" ON "received_invoices" USING btree ("contractor_id","id");
--> statement-breakpoint
CREATE TABLE "received_invoice_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_invoice_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"filled_invoice_number" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "received_invoice_rows" ADD CONSTRAINT "received_invoice_rows_received_invoice_id_received_invoices_id_fk" FOREIGN KEY ("received_invoice_id") REFERENCES "public"."received_invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "received_invoice_rows" ADD CONSTRAINT "received_invoice_rows_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "received_invoice_rows_transaction_key" ON "received_invoice_rows" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX "received_invoice_rows_invoice_idx" ON "received_invoice_rows" USING btree ("received_invoice_id","transaction_id");
--> statement-breakpoint
CREATE TABLE "ksef_received_sync" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_from" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" varchar(4000),
	CONSTRAINT "ksef_received_sync_one_row" CHECK (id = 1)
);
