-- Weighbridge tickets (CONTRIBUTING.md Weighbridge): one ticket per weighing of a transport's truck, loading or
-- unloading side, numbered in its own series through the invoices' gapless counter table, never edited once closed
-- (a correction is a new ticket cancelling the old one). A raw material carries its transit tolerance (basis points
-- of the loaded net weight); company settings may name the tickets' series.
ALTER TABLE "raw_materials" ADD COLUMN "transit_tolerance_bp" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "weighbridge_ticket_series" varchar(64);
--> statement-breakpoint
CREATE TABLE "weighbridge_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(64) NOT NULL,
	"transport_id" integer NOT NULL,
	"side" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'OPEN' NOT NULL,
	"registration_number" varchar(255) NOT NULL,
	"driver_name" varchar(255),
	"scale_name" varchar(100) NOT NULL,
	"gross_kg" bigint,
	"gross_at" timestamp with time zone,
	"gross_source" varchar(16),
	"tare_kg" bigint,
	"tare_at" timestamp with time zone,
	"tare_source" varchar(16),
	"net_kg" bigint,
	"operator_id" integer,
	"operator_name" varchar(255) NOT NULL,
	"closed_at" timestamp with time zone,
	"corrects_ticket_id" integer,
	"correction_reason" varchar(1000),
	"cancelled_by_ticket_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weighbridge_tickets_side_valid" CHECK (side in ('LOADING', 'UNLOADING')),
	CONSTRAINT "weighbridge_tickets_status_valid" CHECK (status in ('OPEN', 'CLOSED', 'CANCELLED')),
	CONSTRAINT "weighbridge_tickets_gross_source_valid" CHECK (gross_source in ('indicator', 'manual')),
	CONSTRAINT "weighbridge_tickets_tare_source_valid" CHECK (tare_source in ('indicator', 'manual')),
	CONSTRAINT "weighbridge_tickets_tare_not_above_gross" CHECK (tare_kg <= gross_kg),
	CONSTRAINT "weighbridge_tickets_closed_complete" CHECK (status = 'OPEN' or (gross_kg is not null and tare_kg is not null and net_kg = gross_kg - tare_kg and closed_at is not null))
);
--> statement-breakpoint
ALTER TABLE "weighbridge_tickets" ADD CONSTRAINT "weighbridge_tickets_transport_id_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."transports"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weighbridge_tickets" ADD CONSTRAINT "weighbridge_tickets_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weighbridge_tickets" ADD CONSTRAINT "weighbridge_tickets_corrects_ticket_id_weighbridge_tickets_id_fk" FOREIGN KEY ("corrects_ticket_id") REFERENCES "public"."weighbridge_tickets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weighbridge_tickets" ADD CONSTRAINT "weighbridge_tickets_cancelled_by_ticket_id_weighbridge_tickets_id_fk" FOREIGN KEY ("cancelled_by_ticket_id") REFERENCES "public"."weighbridge_tickets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "weighbridge_tickets_number_key" ON "weighbridge_tickets" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "weighbridge_tickets_transport_side_key" ON "weighbridge_tickets" USING btree ("transport_id","side") WHERE status <> 'CANCELLED';
--> statement-breakpoint
CREATE INDEX "weighbridge_tickets_transport_idx" ON "weighbridge_tickets" USING btree ("transport_id","id");
