ALTER TABLE "tasks" ADD COLUMN "model" text;--> statement-breakpoint
-- Image and video calls made before tasks recorded their model: the model their body named (the
-- kept request holds it once the catalogue checked the body), else the service's default, as the
-- call was charged. Sora and LinkedIn calls have no model and stay null.
UPDATE "tasks"
   SET "model" = coalesce("request"->>'model', CASE "service" WHEN 'image' THEN 'nano-banana' ELSE 'fast' END)
 WHERE "service" IN ('image', 'video') AND "model" IS NULL;
