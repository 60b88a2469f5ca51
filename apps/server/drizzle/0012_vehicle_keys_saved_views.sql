-- Issue 17, "no truck in two places": a transport's registration number and driver document as the rule compares
-- them (vehicleKey in packages/shared/src/rules/transports.ts: upper case, no spaces or hyphens), indexed over the
-- active transports, and the note that confirms a double booking.
ALTER TABLE "transports" ADD COLUMN "double_booking_note" text;--> statement-breakpoint
ALTER TABLE "transports" ADD COLUMN "registration_key" text GENERATED ALWAYS AS (nullif(regexp_replace(upper(registration_number), '[[:space:]-]', '', 'g'), '')) STORED;--> statement-breakpoint
ALTER TABLE "transports" ADD COLUMN "driver_document_key" text GENERATED ALWAYS AS (nullif(regexp_replace(upper(driver_document_id), '[[:space:]-]', '', 'g'), '')) STORED;--> statement-breakpoint
CREATE INDEX "transports_active_registration_key_idx" ON "transports" USING btree ("registration_key") WHERE status in ('NEW', 'ON_THE_WAY');--> statement-breakpoint
CREATE INDEX "transports_active_driver_document_key_idx" ON "transports" USING btree ("driver_document_key") WHERE status in ('NEW', 'ON_THE_WAY');
