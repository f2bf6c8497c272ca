-- Seller discount codes (issue 25, docs/decisions/0045). New nullable columns or columns with a
-- constant default only (no existing row is rewritten); checks NOT VALID; the cart's key changes
-- on cart_promos, which holds at most a few rows per cart.
-- The seller a code belongs to; null: a platform code, managed by admins.
ALTER TABLE "promo_codes" ADD COLUMN "seller_id" uuid;
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE INDEX "promo_codes_seller_created_idx" ON "promo_codes" USING btree ("seller_id","created_at") WHERE "promo_codes"."seller_id" is not null;
--> statement-breakpoint
-- The products a seller code names (none: every product of its seller).
CREATE TABLE "promo_code_products" (
	"promo_code_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "promo_code_products_promo_code_id_product_id_pk" PRIMARY KEY("promo_code_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "promo_code_products_product_idx" ON "promo_code_products" USING btree ("product_id");
--> statement-breakpoint
-- A cart holds one platform code and one code per seller: keyed by (user, code), and at most one
-- row per (user, seller), the platform's null seller counted as one.
ALTER TABLE "cart_promos" ADD COLUMN "seller_id" uuid;
--> statement-breakpoint
ALTER TABLE "cart_promos" DROP CONSTRAINT "cart_promos_pkey";
--> statement-breakpoint
ALTER TABLE "cart_promos" ADD CONSTRAINT "cart_promos_user_id_promo_code_id_pk" PRIMARY KEY("user_id","promo_code_id");
--> statement-breakpoint
ALTER TABLE "cart_promos" ADD CONSTRAINT "cart_promos_user_seller_unique" UNIQUE NULLS NOT DISTINCT("user_id","seller_id");
--> statement-breakpoint
-- An order may use several codes, each once; what each took off (null on the rows written before).
CREATE UNIQUE INDEX "promo_redemptions_order_code_unique" ON "promo_redemptions" USING btree ("order_id","promo_code_id");
--> statement-breakpoint
DROP INDEX "promo_redemptions_order_unique";
--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD COLUMN "discount_cents" integer;
--> statement-breakpoint
-- What seller codes took off an order line (cents, the line's total): the ledger takes it from that seller.
ALTER TABLE "order_items" ADD COLUMN "seller_discount_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_discount_non_negative" CHECK ("order_items"."seller_discount_cents" >= 0) NOT VALID;
--> statement-breakpoint
-- Whether a platform code and sellers' codes may be used on one order (off: one code per order).
ALTER TABLE "site_settings" ADD COLUMN "allow_promo_stacking" boolean DEFAULT false NOT NULL;
