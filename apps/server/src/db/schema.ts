/** Every table, gathered from the modules that own them, for Drizzle and drizzle-kit. */
export * from '../modules/admin/schema.ts';
export * from '../modules/alerts/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/billing/schema.ts';
export * from '../modules/channels/schema.ts';
export * from '../modules/credits/schema.ts';
export * from '../modules/keys/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/request-log/schema.ts';
export * from '../modules/support/schema.ts';
export * from '../modules/system/schema.ts';
export * from '../modules/tasks/schema.ts';
export * from '../modules/upstream-watch/schema.ts';
export * from '../modules/usage/schema.ts';
export * from '../modules/waitlist/schema.ts';
export * from '../modules/webhooks/schema.ts';
export * from '../modules/workspaces/schema.ts';
