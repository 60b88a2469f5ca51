-- NBP mid rates for foreign-currency invoices (RULES.md Invoices, VAT and KSeF: VAT in PLN at the NBP mid rate of
-- the last business day before the tax point; the rate used is stored on the invoice). One rate per currency and
-- day, never overwritten; the invoice keeps the rate, its day and its NBP table number as issued.
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" varchar(3) NOT NULL,
	"effective_date" date NOT NULL,
	"rate" integer NOT NULL,
	"table_number" varchar(32),
	"source" varchar(8) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_valid" CHECK (currency in ('EUR', 'USD')),
	CONSTRAINT "exchange_rates_source_valid" CHECK (source in ('MANUAL', 'FILE', 'NBP_API')),
	CONSTRAINT "exchange_rates_rate_positive" CHECK (rate > 0)
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_currency_date_key" ON "exchange_rates" USING btree ("currency","effective_date");
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exchange_rate_date" date;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exchange_rate_table" varchar(32);
