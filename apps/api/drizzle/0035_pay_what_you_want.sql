-- Free and pay-what-you-want (issue 25, docs/decisions/0042). Nullable columns only: no existing
-- row is rewritten (products holds a million rows in the benchmarks).
-- A product with a suggested price is pay-what-you-want; its price_cents is then the minimum.
ALTER TABLE "products" ADD COLUMN "pwyw_suggested_cents" integer;
--> statement-breakpoint
-- NOT VALID: every new or changed row is checked, the existing ones (all null) are not scanned.
ALTER TABLE "products" ADD CONSTRAINT "products_pwyw_suggested_not_below_minimum" CHECK ("products"."pwyw_suggested_cents" is null or "products"."pwyw_suggested_cents" >= "products"."price_cents") NOT VALID;
--> statement-breakpoint
-- The amount a buyer chose for a pay-what-you-want line (per unit); null on a fixed-price line.
ALTER TABLE "cart_items" ADD COLUMN "amount_cents" integer;
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_amount_non_negative" CHECK ("cart_items"."amount_cents" is null or "cart_items"."amount_cents" >= 0) NOT VALID;
