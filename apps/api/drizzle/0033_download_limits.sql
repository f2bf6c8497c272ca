CREATE TABLE "product_download_limits" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"download_limit" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_download_limits_range" CHECK ("product_download_limits"."download_limit" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "order_item_downloads" (
	"order_item_id" uuid PRIMARY KEY NOT NULL,
	"download_limit" integer NOT NULL,
	"downloads_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_item_downloads_within_limit" CHECK ("order_item_downloads"."downloads_used" >= 0 and "order_item_downloads"."downloads_used" <= "order_item_downloads"."download_limit")
);
--> statement-breakpoint
ALTER TABLE "product_download_limits" ADD CONSTRAINT "product_download_limits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_item_downloads" ADD CONSTRAINT "order_item_downloads_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- An order line takes its product's download cap as it is when the line is written (the terms the
-- buyer ordered under): a later change of the cap never touches orders already placed. In the
-- database, so every way an order line is written (checkout, the demo seed, tests) does it.
CREATE FUNCTION "order_item_download_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_item_downloads" ("order_item_id", "download_limit")
	SELECT NEW."id", "download_limit" FROM "product_download_limits" WHERE "product_id" = NEW."product_id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_items_download_limit" AFTER INSERT ON "order_items" FOR EACH ROW EXECUTE FUNCTION "order_item_download_limit"();
