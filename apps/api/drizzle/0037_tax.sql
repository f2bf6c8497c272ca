-- Tax (issue 25, docs/decisions/0044). Prices are net; the buyer's billing country picks a rate
-- from this table, which the admin keeps. Seeded here (not in the demo seed) so that every
-- database, production included, starts with the EU standard VAT rates and the UK's 20%.
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"rate_bps" integer NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_country_code" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_rates_region_code" CHECK ("tax_rates"."region" ~ '^([A-Z0-9]{1,3})?$'),
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_bps" between 0 and 5000),
	CONSTRAINT "tax_rates_label_length" CHECK (char_length("tax_rates"."label") between 1 and 40)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_place_unique" ON "tax_rates" USING btree ("country","region");
--> statement-breakpoint
-- EU standard VAT rates as of January 2026, and the UK. US states: none (decision 0044).
INSERT INTO "tax_rates" ("country", "rate_bps", "label") VALUES
	('AT', 2000, 'VAT'), ('BE', 2100, 'VAT'), ('BG', 2000, 'VAT'), ('HR', 2500, 'VAT'),
	('CY', 1900, 'VAT'), ('CZ', 2100, 'VAT'), ('DK', 2500, 'VAT'), ('EE', 2400, 'VAT'),
	('FI', 2550, 'VAT'), ('FR', 2000, 'VAT'), ('DE', 1900, 'VAT'), ('GR', 2400, 'VAT'),
	('HU', 2700, 'VAT'), ('IE', 2300, 'VAT'), ('IT', 2200, 'VAT'), ('LV', 2100, 'VAT'),
	('LT', 2100, 'VAT'), ('LU', 1700, 'VAT'), ('MT', 1800, 'VAT'), ('NL', 2100, 'VAT'),
	('PL', 2300, 'VAT'), ('PT', 2300, 'VAT'), ('RO', 2100, 'VAT'), ('SK', 2300, 'VAT'),
	('SI', 2200, 'VAT'), ('ES', 2100, 'VAT'), ('SE', 2500, 'VAT'), ('GB', 2000, 'VAT');
--> statement-breakpoint
-- What each order charged, kept on the order. Constant defaults and nullable columns: no existing
-- row is rewritten (an order placed before has no tax: 0).
ALTER TABLE "orders" ADD COLUMN "tax_country" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_region" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_label" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The card's country as the payment provider reported it, and why the admin should look (a card
-- from another country than the billing one): evidence for the tax report, never a block.
ALTER TABLE "orders" ADD COLUMN "card_country" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_flag" text;
--> statement-breakpoint
-- NOT VALID: new and changed rows are checked, the existing ones (all defaults) are not scanned.
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_within_total" CHECK ("orders"."tax_cents" >= 0 and "orders"."tax_cents" <= "orders"."total_cents" and "orders"."tax_rate_bps" between 0 and 5000) NOT VALID;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_flag_known" CHECK ("orders"."tax_flag" is null or "orders"."tax_flag" in ('card_country_mismatch', 'no_billing_country')) NOT VALID;
