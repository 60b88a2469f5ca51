-- Company settings (the transport order's header), mail attachments, transport orders sent to carriers.
CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" varchar(255) NOT NULL,
	"street" varchar(255),
	"post_code" varchar(255),
	"city" varchar(255) NOT NULL,
	"nip" varchar(10) NOT NULL,
	"email" varchar(255),
	"phone_number" varchar(255),
	"logo_data_url" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_single_row" CHECK (id = 1),
	CONSTRAINT "company_settings_nip_format" CHECK (nip ~ '^[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "transport_order_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"transport_id" integer NOT NULL,
	"recipient" varchar(255) NOT NULL,
	"order_number" varchar(64) NOT NULL,
	"sent_by" integer,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transport_order_sends" ADD CONSTRAINT "transport_order_sends_transport_id_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."transports"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transport_order_sends" ADD CONSTRAINT "transport_order_sends_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transport_order_sends" ADD CONSTRAINT "transport_order_sends_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "transport_order_sends_transport_idx" ON "transport_order_sends" USING btree ("transport_id","id");
