-- The purchase price list (CONTRIBUTING.md Price lists): entries are only inserted, never updated or deleted, so a
-- day's list stays what it said; a contract priced away from it beyond the company's limit keeps its note.
CREATE TABLE "price_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"raw_material_quality_id" integer NOT NULL,
	"supplier_kind" varchar(8) NOT NULL,
	"payment_term_days" integer NOT NULL,
	"price" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"source" varchar(8) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_entries_supplier_kind_valid" CHECK (supplier_kind in ('VAT', 'RR')),
	CONSTRAINT "price_list_entries_source_valid" CHECK (source in ('MANUAL', 'FILE')),
	CONSTRAINT "price_list_entries_price_positive" CHECK (price > 0),
	CONSTRAINT "price_list_entries_days_in_order" CHECK (valid_to >= valid_from),
	CONSTRAINT "price_list_entries_payment_term_valid" CHECK (payment_term_days between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_raw_material_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("raw_material_quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "price_list_entries_key_idx" ON "price_list_entries" USING btree ("raw_material_quality_id","supplier_kind","payment_term_days","valid_from");
--> statement-breakpoint
CREATE INDEX "price_list_entries_days_idx" ON "price_list_entries" USING btree ("valid_from","valid_to");
--> statement-breakpoint
CREATE TABLE "price_list_deviations" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"price_list_entry_id" integer NOT NULL,
	"list_price" integer NOT NULL,
	"price" integer NOT NULL,
	"note" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_list_deviations" ADD CONSTRAINT "price_list_deviations_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "price_list_deviations" ADD CONSTRAINT "price_list_deviations_price_list_entry_id_price_list_entries_id_fk" FOREIGN KEY ("price_list_entry_id") REFERENCES "public"."price_list_entries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "price_list_deviations" ADD CONSTRAINT "price_list_deviations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "price_deviation_limit" integer DEFAULT 500 NOT NULL;
