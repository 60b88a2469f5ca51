-- Sales invoices issued from statement rows (RULES.md Invoices, VAT and KSeF): the company's series, bank account and
-- payment term; per series and period a counter whose row lock keeps numbers gapless; the invoice with the exact
-- FA(3) bytes; one line per statement row (a row is invoiced once).
ALTER TABLE "company_settings" ADD COLUMN "invoice_series" varchar(64);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "bank_account" varchar(64);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "payment_term_days" integer DEFAULT 14 NOT NULL;
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"period_key" varchar(64) PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(64) NOT NULL,
	"kind" varchar(8) DEFAULT 'VAT' NOT NULL,
	"status" varchar(16) DEFAULT 'ISSUED' NOT NULL,
	"issue_date" date NOT NULL,
	"sale_date" date,
	"sale_date_from" date,
	"sale_date_to" date,
	"due_date" date NOT NULL,
	"buyer_id" integer NOT NULL,
	"buyer_name" varchar(255) NOT NULL,
	"buyer_nip" varchar(10) NOT NULL,
	"seller_nip" varchar(10) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"exchange_rate" integer,
	"net_total" bigint NOT NULL,
	"vat_total" bigint NOT NULL,
	"gross_total" bigint NOT NULL,
	"bank_account" varchar(64) NOT NULL,
	"xml" bytea NOT NULL,
	"xml_sha256" varchar(64) NOT NULL,
	"ksef_number" varchar(36),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_valid" CHECK (kind in ('VAT', 'KOR')),
	CONSTRAINT "invoices_status_valid" CHECK (status in ('ISSUED', 'SENT', 'ACCEPTED', 'REJECTED', 'OFFLINE')),
	CONSTRAINT "invoices_currency_valid" CHECK (currency in ('PLN', 'EUR', 'USD')),
	CONSTRAINT "invoices_totals_add_up" CHECK (gross_total = net_total + vat_total)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"name" varchar(512) NOT NULL,
	"cn_code" varchar(10),
	"quantity_kg" bigint NOT NULL,
	"unit_net_price" bigint NOT NULL,
	"net_value" bigint NOT NULL,
	"rate_percent" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_id_contractors_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");
--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_transaction_key" ON "invoice_lines" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");
