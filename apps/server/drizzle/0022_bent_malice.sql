CREATE TABLE "request_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"workspace_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"method" text NOT NULL,
	"endpoint" text NOT NULL,
	"service" text,
	"status" smallint NOT NULL,
	"error_code" text,
	"error_message" text,
	"duration_ms" double precision NOT NULL,
	"request_id" text NOT NULL,
	"task_id" text,
	"ip" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_log_workspace_at_idx" ON "request_log" USING btree ("workspace_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "request_log_at_brin_idx" ON "request_log" USING brin ("at");--> statement-breakpoint
CREATE INDEX "request_log_task_id_idx" ON "request_log" USING btree ("workspace_id","task_id") WHERE "request_log"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "request_log_request_id_idx" ON "request_log" USING btree ("workspace_id","request_id");