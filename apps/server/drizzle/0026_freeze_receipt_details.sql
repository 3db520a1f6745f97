-- Receipts print the billing details frozen on the payment when it was paid. Paid payments made
-- before any were frozen printed the workspace's current details: freeze those now, once, so no
-- later change of the details changes any receipt.
UPDATE "payments" p
   SET "billing_details" = jsonb_build_object(
         'name', b."name", 'company', b."company", 'line1', b."line1", 'line2', b."line2",
         'city', b."city", 'postalCode', b."postal_code", 'country', b."country", 'vatId', b."vat_id")
  FROM "billing_profiles" b
 WHERE b."workspace_id" = p."workspace_id"
   AND p."status" = 'paid'
   AND p."billing_details" IS NULL
   AND b."name" IS NOT NULL AND b."line1" IS NOT NULL AND b."city" IS NOT NULL AND b."country" IS NOT NULL;
