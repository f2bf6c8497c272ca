-- Guest checkout (issue 25, docs/decisions/0046). Nullable or constant-default columns only: no
-- existing row is rewritten or scanned.
-- Set while an account was made by a guest checkout and nobody has proved the mailbox yet: no
-- password, no sign-in; cleared when the buyer claims it (claim link, password reset, Google).
ALTER TABLE "users" ADD COLUMN "unclaimed_since" timestamp with time zone;
--> statement-breakpoint
-- The order was placed by a visitor who was not signed in (its order-scoped link may open it).
ALTER TABLE "orders" ADD COLUMN "guest_checkout" boolean DEFAULT false NOT NULL;
