-- VAT RR invoices for flat-rate farmers (RULES.md Invoices, VAT and KSeF: VAT RR). A farmer (accounting method RR)
-- carries his bank account, the date of his declaration of being a flat-rate farmer and whether he designated us in
-- KSeF; the RR series numbers the invoices (one counter per period, shared with the sales series' counter table);
-- the refund rate is dated; an RR invoice keeps its lines, its FA_RR bytes and the payments made to the farmer.
ALTER TABLE "contractors" ADD COLUMN "bank_account" varchar(26);
--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "flat_rate_declaration_date" date;
--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "is_ksef_rr_designated" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_bank_account_format" CHECK (bank_account ~ '^[0-9]{26}$');
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "rr_invoice_series" varchar(64);
--> statement-breakpoint
CREATE TABLE "rr_refund_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_percent" integer NOT NULL,
	"valid_from" date NOT NULL,
	CONSTRAINT "rr_refund_rates_rate_percent_valid" CHECK (rate_percent in (7))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rr_refund_rates_valid_from_key" ON "rr_refund_rates" USING btree ("valid_from");
--> statement-breakpoint
INSERT INTO "rr_refund_rates" ("rate_percent", "valid_from") VALUES (7, '2014-01-01');
--> statement-breakpoint
CREATE TABLE "rr_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'ISSUED' NOT NULL,
	"issue_date" date NOT NULL,
	"purchase_date_from" date,
	"purchase_date_to" date,
	"farmer_id" integer NOT NULL,
	"farmer_name" varchar(255) NOT NULL,
	"farmer_nip" varchar(10),
	"farmer_pesel" varchar(11),
	"farmer_account" varchar(26) NOT NULL,
	"buyer_nip" varchar(10) NOT NULL,
	"refund_rate_percent" integer NOT NULL,
	"net_total" bigint NOT NULL,
	"refund_total" bigint NOT NULL,
	"gross_total" bigint NOT NULL,
	"total_in_words" varchar(512) NOT NULL,
	"xml" bytea,
	"xml_sha256" varchar(64),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rr_invoices_status_valid" CHECK (status in ('ISSUED')),
	CONSTRAINT "rr_invoices_totals_add_up" CHECK (gross_total = net_total + refund_total),
	CONSTRAINT "rr_invoices_farmer_id_present" CHECK (farmer_nip is not null or farmer_pesel is not null)
);
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD CONSTRAINT "rr_invoices_farmer_id_contractors_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rr_invoices" ADD CONSTRAINT "rr_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "rr_invoices_number_key" ON "rr_invoices" USING btree ("number");
--> statement-breakpoint
CREATE INDEX "rr_invoices_farmer_idx" ON "rr_invoices" USING btree ("farmer_id","id");
--> statement-breakpoint
CREATE TABLE "rr_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"rr_invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"purchase_date" date,
	"name" varchar(512) NOT NULL,
	"quality" varchar(512) NOT NULL,
	"unit" varchar(8) NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"value" bigint NOT NULL,
	"refund" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rr_invoice_lines" ADD CONSTRAINT "rr_invoice_lines_rr_invoice_id_rr_invoices_id_fk" FOREIGN KEY ("rr_invoice_id") REFERENCES "public"."rr_invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rr_invoice_lines" ADD CONSTRAINT "rr_invoice_lines_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "rr_invoice_lines_transaction_key" ON "rr_invoice_lines" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX "rr_invoice_lines_invoice_idx" ON "rr_invoice_lines" USING btree ("rr_invoice_id","position");
--> statement-breakpoint
CREATE TABLE "rr_invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"rr_invoice_id" integer NOT NULL,
	"paid_at" date NOT NULL,
	"amount" bigint NOT NULL,
	"method" varchar(8) NOT NULL,
	"account" varchar(26),
	"title" varchar(255),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rr_invoice_payments_method_valid" CHECK (method in ('TRANSFER', 'CASH')),
	CONSTRAINT "rr_invoice_payments_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
ALTER TABLE "rr_invoice_payments" ADD CONSTRAINT "rr_invoice_payments_rr_invoice_id_rr_invoices_id_fk" FOREIGN KEY ("rr_invoice_id") REFERENCES "public"."rr_invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rr_invoice_payments" ADD CONSTRAINT "rr_invoice_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "rr_invoice_payments_invoice_idx" ON "rr_invoice_payments" USING btree ("rr_invoice_id","paid_at");
