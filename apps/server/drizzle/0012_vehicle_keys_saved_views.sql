-- RULES.md Transports: a transport's registration number and driver document as the rule compares
-- them (vehicleKey in packages/shared/src/rules/transports.ts: upper case, no spaces or hyphens), indexed over the
-- active transports, and the note that confirms a double booking. Saved views: a user's named views of one list.
ALTER TABLE "transports" ADD COLUMN "double_booking_note" text;--> statement-breakpoint
ALTER TABLE "transports" ADD COLUMN "registration_key" text GENERATED ALWAYS AS (nullif(regexp_replace(upper(registration_number), '[[:space:]-]', '', 'g'), '')) STORED;--> statement-breakpoint
ALTER TABLE "transports" ADD COLUMN "driver_document_key" text GENERATED ALWAYS AS (nullif(regexp_replace(upper(driver_document_id), '[[:space:]-]', '', 'g'), '')) STORED;--> statement-breakpoint
CREATE INDEX "transports_active_registration_key_idx" ON "transports" USING btree ("registration_key") WHERE status in ('NEW', 'ON_THE_WAY');--> statement-breakpoint
CREATE INDEX "transports_active_driver_document_key_idx" ON "transports" USING btree ("driver_document_key") WHERE status in ('NEW', 'ON_THE_WAY');--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"list_key" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"state" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_list_key_valid" CHECK (list_key in ('contracts.purchase', 'contracts.sales', 'contracts.purchase.transports', 'contracts.sales.transports', 'allocations', 'allocations.purchases-to-allocate', 'logistics', 'statement', 'contractors', 'users'))
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_name_key" ON "saved_views" USING btree ("user_id","list_key","name");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_default_key" ON "saved_views" USING btree ("user_id","list_key") WHERE is_default;--> statement-breakpoint
CREATE INDEX "saved_views_user_list_idx" ON "saved_views" USING btree ("user_id","list_key","id");
