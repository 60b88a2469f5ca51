-- RULES.md Invoices, VAT and KSeF: a VAT rate per raw material and quality, dated (a change applies from its date and
-- never rewrites an issued invoice), services (freight) 23 %; a CN code per raw material for the invoice line.
ALTER TABLE "raw_materials" ADD COLUMN "cn_code" varchar(10);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" varchar(16) NOT NULL,
	"raw_material_id" integer,
	"quality_id" integer,
	"rate_percent" integer NOT NULL,
	"valid_from" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_subject_valid" CHECK (subject in ('GOODS', 'SERVICE')),
	CONSTRAINT "vat_rates_rate_percent_valid" CHECK (rate_percent in (23, 8, 5)),
	CONSTRAINT "vat_rates_with_raw_material_when_goods" CHECK ((subject = 'GOODS') = (raw_material_id is not null)),
	CONSTRAINT "vat_rates_quality_needs_raw_material" CHECK (quality_id is null or raw_material_id is not null)
);
--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_key" ON "vat_rates" USING btree ("subject",coalesce("raw_material_id", 0),coalesce("quality_id", 0),"valid_from");
--> statement-breakpoint
UPDATE "raw_materials" SET "cn_code" = CASE "name" WHEN 'wheat' THEN '1001' WHEN 'corn' THEN '1005' WHEN 'rapeseed' THEN '1205'
	WHEN 'barley' THEN '1003' WHEN 'rye' THEN '1002' WHEN 'triticale' THEN '1008' WHEN 'oats' THEN '1004' WHEN 'soybean' THEN '1201' END;
