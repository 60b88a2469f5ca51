CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"entity" varchar(64) NOT NULL,
	"entity_id" integer NOT NULL,
	"action" varchar(64) NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"name" varchar(255),
	"street" varchar(255),
	"building_number" varchar(255),
	"post_code" varchar(255),
	"city" varchar(255) NOT NULL,
	"country_code" varchar(2) DEFAULT 'PL' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_id" integer NOT NULL,
	"first_name" varchar(255),
	"middle_name" varchar(255),
	"last_name" varchar(255),
	"name" varchar(255),
	"phone_number" varchar(255),
	"email" varchar(255),
	"gender" varchar(8),
	CONSTRAINT "contractor_contacts_gender" CHECK (gender in ('female', 'male'))
);
--> statement-breakpoint
CREATE TABLE "contractors" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(255) NOT NULL,
	"name" varchar(255),
	"nip" varchar(10),
	"pesel" varchar(11),
	"phone_number" varchar(255),
	"email" varchar(255),
	"label" varchar(8),
	"accounting_method" varchar(8),
	"street" varchar(255),
	"building_number" varchar(255),
	"post_code" varchar(255),
	"city" varchar(255),
	"country_code" varchar(2) DEFAULT 'PL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractors_nip_format" CHECK (nip ~ '^[0-9]{10}$'),
	CONSTRAINT "contractors_pesel_format" CHECK (pesel ~ '^[0-9]{11}$'),
	CONSTRAINT "contractors_nip_or_pesel" CHECK (nip is not null or pesel is not null),
	CONSTRAINT "contractors_label" CHECK (label in ('FIRMA', 'GR')),
	CONSTRAINT "contractors_accounting_method" CHECK (accounting_method in ('VAT', 'RR'))
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipients" text[] NOT NULL,
	"subject" varchar(500) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"quality_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(8) NOT NULL,
	"unit" varchar(255),
	"value" jsonb,
	CONSTRAINT "quality_params_type" CHECK (type in ('boolean', 'number', 'string'))
);
--> statement-breakpoint
CREATE TABLE "raw_material_qualities" (
	"id" serial PRIMARY KEY NOT NULL,
	"raw_material_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"is_variant" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"translate_pl" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"family_id" varchar(36) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"table_name" varchar(64) NOT NULL,
	"row_group" varchar(64) NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "row_counts_table_name_row_group_pk" PRIMARY KEY("table_name","row_group")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"first_name" varchar(255) NOT NULL,
	"last_name" varchar(255) NOT NULL,
	"role" varchar(16) DEFAULT 'USER' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"password_hash" text NOT NULL,
	"password_expired" boolean DEFAULT true NOT NULL,
	"is_notify_on_purchase" boolean DEFAULT false NOT NULL,
	"is_notify_on_sales" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"sales_id" integer NOT NULL,
	"purchase_document_number" varchar(64) NOT NULL,
	"sales_document_number" varchar(64) NOT NULL,
	"supplier_code" varchar(255) NOT NULL,
	"recipient_code" varchar(255) NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"confirmation_note" text,
	"in_delivery_kg" bigint DEFAULT 0 NOT NULL,
	"in_delivery_count" integer DEFAULT 0 NOT NULL,
	"delivered_kg" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocations_quantity_positive" CHECK (quantity_kg > 0),
	CONSTRAINT "allocations_not_over_in_transport" CHECK (in_delivery_kg + delivered_kg <= quantity_kg)
);
--> statement-breakpoint
CREATE TABLE "contract_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"first_name" varchar(255),
	"last_name" varchar(255),
	"name" varchar(255),
	"phone_number" varchar(255),
	"email" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "contract_price_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"is_main_option" boolean DEFAULT false NOT NULL,
	"price" bigint NOT NULL,
	"raw_material_quality_id" integer NOT NULL,
	"is_contractual_quality" boolean DEFAULT false NOT NULL,
	"contractual_quality" text,
	"attach_to_contract" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(8) NOT NULL,
	"document_number" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'NEW' NOT NULL,
	"agreement_status" varchar(8) DEFAULT 'EMPTY' NOT NULL,
	"counterparty_id" integer NOT NULL,
	"counterparty_code" varchar(255) NOT NULL,
	"counterparty_name" varchar(255),
	"user_id" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'PLN' NOT NULL,
	"freight" varchar(3) NOT NULL,
	"is_for" boolean DEFAULT false NOT NULL,
	"is_cert" boolean DEFAULT false NOT NULL,
	"is_gmp" boolean DEFAULT false NOT NULL,
	"county_code" varchar(255),
	"date_of_receipt_from" date NOT NULL,
	"date_of_receipt_to" date NOT NULL,
	"street" varchar(255),
	"building_number" varchar(255),
	"post_code" varchar(255),
	"city" varchar(255),
	"country_code" varchar(2) DEFAULT 'PL' NOT NULL,
	"raw_material_id" integer NOT NULL,
	"raw_material_quality_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"cargo_quantity_kg" bigint NOT NULL,
	"min_price" bigint,
	"is_tolerance" boolean DEFAULT false NOT NULL,
	"tolerance_type" varchar(8),
	"tolerance_quantity" bigint,
	"tolerance_unit" varchar(8),
	"comments" text,
	"email_notification_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"allocated_kg" bigint DEFAULT 0 NOT NULL,
	"in_delivery_kg" bigint DEFAULT 0 NOT NULL,
	"in_delivery_count" integer DEFAULT 0 NOT NULL,
	"delivered_kg" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(document_number, '') || E'\x1f' || coalesce(counterparty_code, '') || E'\x1f' || coalesce(counterparty_name, '') || E'\x1f' || coalesce(street, '') || E'\x1f' || coalesce(city, '') || E'\x1f' || coalesce(post_code, '') || E'\x1f' || coalesce(comments, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_quantity_positive" CHECK (cargo_quantity_kg > 0),
	CONSTRAINT "contracts_price_non_negative" CHECK (price >= 0),
	CONSTRAINT "contracts_receipt_order" CHECK (date_of_receipt_to >= date_of_receipt_from),
	CONSTRAINT "contracts_derived_non_negative" CHECK (allocated_kg >= 0 and in_delivery_kg >= 0 and in_delivery_count >= 0 and delivered_kg >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_number_sequences" (
	"type" varchar(8) NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_number_sequences_type_year_pk" PRIMARY KEY("type","year")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'TO_SETTLEMENT' NOT NULL,
	"transport_id" integer NOT NULL,
	"unloading_id" integer NOT NULL,
	"contract_id" integer,
	"contractor_id" integer NOT NULL,
	"contractor_code" varchar(255) NOT NULL,
	"contractor_name" varchar(255),
	"purchase_document_number" varchar(64),
	"sales_document_number" varchar(64),
	"registration_number" varchar(255),
	"trailer_number" varchar(255),
	"currency" varchar(3) DEFAULT 'PLN' NOT NULL,
	"planned_quality_id" integer,
	"real_quality_id" integer,
	"final_quality_id" integer,
	"planned_quantity_kg" bigint NOT NULL,
	"real_quantity_kg" bigint,
	"final_quantity_kg" bigint,
	"planned_price" bigint NOT NULL,
	"real_price" bigint,
	"final_price" bigint,
	"planned_value" bigint NOT NULL,
	"real_value" bigint,
	"final_value" bigint,
	"exchange_rate" integer,
	"pln_value" bigint,
	"deductions" bigint DEFAULT 0 NOT NULL,
	"surcharges" bigint DEFAULT 0 NOT NULL,
	"invoice_number" varchar(255),
	"invoice_date" date,
	"payment_date" date,
	"accounting_method" varchar(8),
	"details" text,
	"date_loading" date,
	"date_unloading" date,
	"split_from_id" integer,
	"settled_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(purchase_document_number, '') || E'\x1f' || coalesce(sales_document_number, '') || E'\x1f' || coalesce(contractor_code, '') || E'\x1f' || coalesce(contractor_name, '') || E'\x1f' || coalesce(registration_number, '') || E'\x1f' || coalesce(trailer_number, '') || E'\x1f' || coalesce(invoice_number, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_planned_quantity_positive" CHECK (planned_quantity_kg > 0)
);
--> statement-breakpoint
CREATE TABLE "transports" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"sales_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'NEW' NOT NULL,
	"registration_number" varchar(255),
	"trailer_number" varchar(255),
	"carrier_id" integer NOT NULL,
	"carrier_name" varchar(255),
	"supplier_code" varchar(255) NOT NULL,
	"recipient_code" varchar(255) NOT NULL,
	"purchase_document_number" varchar(64) NOT NULL,
	"sales_document_number" varchar(64) NOT NULL,
	"unloading_date" date,
	"real_cargo_quantity_kg" bigint,
	"driver_name" varchar(255),
	"phone_number" varchar(255),
	"driver_document_id" varchar(255),
	"cargo_quantity_kg" bigint NOT NULL,
	"price_per_ton" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT 'PLN' NOT NULL,
	"date_loading" date NOT NULL,
	"date_unloading" date NOT NULL,
	"is_gmp" boolean DEFAULT false NOT NULL,
	"gmp_number" varchar(255),
	"comment" text,
	"confirmation_note" text,
	"created_by" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(carrier_name, '') || E'\x1f' || coalesce(driver_name, '') || E'\x1f' || coalesce(gmp_number, '') || E'\x1f' || coalesce(phone_number, '') || E'\x1f' || coalesce(registration_number, '') || E'\x1f' || coalesce(comment, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transports_quantity_positive" CHECK (cargo_quantity_kg > 0),
	CONSTRAINT "transports_price_non_negative" CHECK (price_per_ton >= 0),
	CONSTRAINT "transports_dates_order" CHECK (date_unloading >= date_loading)
);
--> statement-breakpoint
CREATE TABLE "unloadings" (
	"id" serial PRIMARY KEY NOT NULL,
	"transport_id" integer NOT NULL,
	"unloading_date" date NOT NULL,
	"real_cargo_quantity_kg" bigint NOT NULL,
	"real_cargo_price" bigint NOT NULL,
	"real_cargo_quality_id" integer,
	"deductions" bigint,
	"details" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_addresses" ADD CONSTRAINT "contractor_addresses_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_addresses" ADD CONSTRAINT "contractor_addresses_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_contacts" ADD CONSTRAINT "contractor_contacts_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_params" ADD CONSTRAINT "quality_params_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_material_qualities" ADD CONSTRAINT "raw_material_qualities_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_purchase_id_contracts_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_sales_id_contracts_id_fk" FOREIGN KEY ("sales_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_contacts" ADD CONSTRAINT "contract_contacts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_price_options" ADD CONSTRAINT "contract_price_options_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_price_options" ADD CONSTRAINT "contract_price_options_raw_material_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("raw_material_quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_counterparty_id_contractors_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_raw_material_id_raw_materials_id_fk" FOREIGN KEY ("raw_material_id") REFERENCES "public"."raw_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_raw_material_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("raw_material_quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_transport_id_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_unloading_id_unloadings_id_fk" FOREIGN KEY ("unloading_id") REFERENCES "public"."unloadings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_planned_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("planned_quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_real_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("real_quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_final_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("final_quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transports" ADD CONSTRAINT "transports_purchase_id_contracts_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transports" ADD CONSTRAINT "transports_sales_id_contracts_id_fk" FOREIGN KEY ("sales_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transports" ADD CONSTRAINT "transports_carrier_id_contractors_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transports" ADD CONSTRAINT "transports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unloadings" ADD CONSTRAINT "unloadings_transport_id_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unloadings" ADD CONSTRAINT "unloadings_real_cargo_quality_id_raw_material_qualities_id_fk" FOREIGN KEY ("real_cargo_quality_id") REFERENCES "public"."raw_material_qualities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unloadings" ADD CONSTRAINT "unloadings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "contractor_addresses_contractor_idx" ON "contractor_addresses" USING btree ("contractor_id","id");--> statement-breakpoint
CREATE INDEX "contractor_contacts_contractor_idx" ON "contractor_contacts" USING btree ("contractor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contractors_code_key" ON "contractors" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "contractors_nip_key" ON "contractors" USING btree ("nip") WHERE nip is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contractors_pesel_key" ON "contractors" USING btree ("pesel") WHERE pesel is not null;--> statement-breakpoint
CREATE INDEX "contractors_name_idx" ON "contractors" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "contractors_nip_idx" ON "contractors" USING btree ("nip","id");--> statement-breakpoint
CREATE INDEX "contractors_pesel_idx" ON "contractors" USING btree ("pesel","id");--> statement-breakpoint
CREATE INDEX "contractors_phone_number_idx" ON "contractors" USING btree ("phone_number","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_params_name_key" ON "quality_params" USING btree ("quality_id",lower(name));--> statement-breakpoint
CREATE UNIQUE INDEX "raw_material_qualities_title_key" ON "raw_material_qualities" USING btree ("raw_material_id",lower(title));--> statement-breakpoint
CREATE UNIQUE INDEX "raw_materials_name_key" ON "raw_materials" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE UNIQUE INDEX "allocations_pair_key" ON "allocations" USING btree ("purchase_id","sales_id");--> statement-breakpoint
CREATE INDEX "allocations_sales_idx" ON "allocations" USING btree ("sales_id","purchase_id");--> statement-breakpoint
CREATE INDEX "allocations_sales_document_number_idx" ON "allocations" USING btree ("sales_document_number","id");--> statement-breakpoint
CREATE INDEX "allocations_purchase_document_number_idx" ON "allocations" USING btree ("purchase_document_number","id");--> statement-breakpoint
CREATE INDEX "allocations_supplier_code_idx" ON "allocations" USING btree ("supplier_code","id");--> statement-breakpoint
CREATE INDEX "allocations_recipient_code_idx" ON "allocations" USING btree ("recipient_code","id");--> statement-breakpoint
CREATE INDEX "allocations_to_deliver_idx" ON "allocations" USING btree ((quantity_kg - in_delivery_kg - delivered_kg),"id");--> statement-breakpoint
CREATE INDEX "allocations_in_delivery_idx" ON "allocations" USING btree ("in_delivery_kg","id");--> statement-breakpoint
CREATE INDEX "allocations_delivered_idx" ON "allocations" USING btree ("delivered_kg","id");--> statement-breakpoint
CREATE INDEX "contract_contacts_contract_idx" ON "contract_contacts" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "contract_price_options_contract_idx" ON "contract_price_options" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_price_options_main_key" ON "contract_price_options" USING btree ("contract_id") WHERE is_main_option;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_document_number_key" ON "contracts" USING btree ("type","document_number");--> statement-breakpoint
CREATE INDEX "contracts_counterparty_code_idx" ON "contracts" USING btree ("type","counterparty_code","id");--> statement-breakpoint
CREATE INDEX "contracts_list_idx" ON "contracts" USING btree ("type","raw_material_id","status","id");--> statement-breakpoint
CREATE INDEX "contracts_counterparty_idx" ON "contracts" USING btree ("counterparty_id","type");--> statement-breakpoint
CREATE INDEX "contracts_user_idx" ON "contracts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contracts_receipt_from_idx" ON "contracts" USING btree ("type","date_of_receipt_from","id");--> statement-breakpoint
CREATE INDEX "contracts_quantity_idx" ON "contracts" USING btree ("type","cargo_quantity_kg","id");--> statement-breakpoint
CREATE INDEX "contracts_price_idx" ON "contracts" USING btree ("type","price","id");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_quality_idx" ON "contracts" USING btree ("raw_material_quality_id","type","status");--> statement-breakpoint
CREATE INDEX "contracts_type_id_idx" ON "contracts" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "contracts_receipt_to_idx" ON "contracts" USING btree ("type","date_of_receipt_to","id");--> statement-breakpoint
CREATE INDEX "contracts_status_idx" ON "contracts" USING btree ("type","status","id");--> statement-breakpoint
CREATE INDEX "contracts_agreement_status_idx" ON "contracts" USING btree ("type","agreement_status","id");--> statement-breakpoint
CREATE INDEX "contracts_owner_idx" ON "contracts" USING btree ("type","user_id","id");--> statement-breakpoint
CREATE INDEX "transactions_contract_idx" ON "transactions" USING btree ("contract_id","status");--> statement-breakpoint
CREATE INDEX "transactions_contract_list_idx" ON "transactions" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "transactions_contractor_idx" ON "transactions" USING btree ("contractor_id","id");--> statement-breakpoint
CREATE INDEX "transactions_kind_idx" ON "transactions" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "transactions_transport_idx" ON "transactions" USING btree ("transport_id","id","kind","status");--> statement-breakpoint
CREATE INDEX "transactions_contractor_code_idx" ON "transactions" USING btree ("contractor_code","id","kind","status");--> statement-breakpoint
CREATE INDEX "transactions_registration_idx" ON "transactions" USING btree ("registration_number","id","kind","status");--> statement-breakpoint
CREATE INDEX "transactions_trailer_idx" ON "transactions" USING btree ("trailer_number","id","kind","status");--> statement-breakpoint
CREATE INDEX "transactions_loading_idx" ON "transactions" USING btree ("date_loading","id","kind","status");--> statement-breakpoint
CREATE INDEX "transactions_unloading_idx" ON "transactions" USING btree ("date_unloading","id","kind","status");--> statement-breakpoint
CREATE INDEX "transactions_payment_idx" ON "transactions" USING btree ("payment_date","id","kind","status");--> statement-breakpoint
CREATE INDEX "transports_pair_idx" ON "transports" USING btree ("purchase_id","sales_id","status");--> statement-breakpoint
CREATE INDEX "transports_sales_idx" ON "transports" USING btree ("sales_id","status");--> statement-breakpoint
CREATE INDEX "transports_carrier_idx" ON "transports" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "transports_status_idx" ON "transports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "transports_active_idx" ON "transports" USING btree ("id") WHERE status in ('NEW', 'ON_THE_WAY');--> statement-breakpoint
CREATE INDEX "transports_loading_idx" ON "transports" USING btree ("date_loading","id","status");--> statement-breakpoint
CREATE INDEX "transports_unloading_idx" ON "transports" USING btree ("date_unloading","id","status");--> statement-breakpoint
CREATE INDEX "transports_unloading_date_idx" ON "transports" USING btree ("unloading_date","id","status");--> statement-breakpoint
CREATE INDEX "transports_quantity_idx" ON "transports" USING btree ("cargo_quantity_kg","id","status");--> statement-breakpoint
CREATE INDEX "transports_real_quantity_idx" ON "transports" USING btree ("real_cargo_quantity_kg","id","status");--> statement-breakpoint
CREATE INDEX "transports_price_idx" ON "transports" USING btree ("price_per_ton","id","status");--> statement-breakpoint
CREATE INDEX "transports_carrier_name_idx" ON "transports" USING btree ("carrier_name","id","status");--> statement-breakpoint
CREATE INDEX "transports_registration_idx" ON "transports" USING btree ("registration_number","id","status");--> statement-breakpoint
CREATE INDEX "transports_purchase_document_number_idx" ON "transports" USING btree ("purchase_document_number","id","status");--> statement-breakpoint
CREATE INDEX "transports_sales_document_number_idx" ON "transports" USING btree ("sales_document_number","id","status");--> statement-breakpoint
CREATE INDEX "transports_supplier_code_idx" ON "transports" USING btree ("supplier_code","id","status");--> statement-breakpoint
CREATE INDEX "transports_recipient_code_idx" ON "transports" USING btree ("recipient_code","id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "unloadings_transport_key" ON "unloadings" USING btree ("transport_id");