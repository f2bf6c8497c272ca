CREATE TABLE "product_license_settings" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"activation_limit" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_license_settings_limit_positive" CHECK ("product_license_settings"."activation_limit" is null or "product_license_settings"."activation_limit" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "license_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"key_last4" text NOT NULL,
	"key_sealed" text NOT NULL,
	"activation_limit" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_keys_order_item_unique" UNIQUE("order_item_id"),
	CONSTRAINT "license_keys_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "license_keys_status_known" CHECK ("license_keys"."status" in ('active', 'disabled')),
	CONSTRAINT "license_keys_reason_known" CHECK (("license_keys"."status" = 'active') = ("license_keys"."disabled_reason" is null) and coalesce("license_keys"."disabled_reason", 'seller') in ('seller', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "license_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_key_id" uuid NOT NULL,
	"instance" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_activations_instance_unique" UNIQUE("license_key_id","instance")
);
--> statement-breakpoint
ALTER TABLE "product_license_settings" ADD CONSTRAINT "product_license_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_activations" ADD CONSTRAINT "license_activations_license_key_id_license_keys_id_fk" FOREIGN KEY ("license_key_id") REFERENCES "public"."license_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_keys_order_idx" ON "license_keys" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "license_keys_buyer_idx" ON "license_keys" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "license_keys_seller_idx" ON "license_keys" USING btree ("seller_id","created_at" DESC NULLS LAST);
