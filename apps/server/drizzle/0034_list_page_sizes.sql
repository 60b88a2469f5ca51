CREATE TABLE "list_page_sizes" (
	"user_id" integer NOT NULL,
	"list_key" varchar(64) NOT NULL,
	"page_size" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_page_sizes_user_id_list_key_pk" PRIMARY KEY("user_id","list_key"),
	CONSTRAINT "list_page_sizes_list_key_valid" CHECK (list_key in ('contracts.purchase', 'contracts.sales', 'contracts.purchase.transports', 'contracts.sales.transports', 'allocations', 'allocations.purchases-to-allocate', 'logistics', 'statement', 'contractors', 'users')),
	CONSTRAINT "list_page_sizes_page_size_valid" CHECK (page_size in (10, 25, 50))
);
--> statement-breakpoint
ALTER TABLE "list_page_sizes" ADD CONSTRAINT "list_page_sizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
