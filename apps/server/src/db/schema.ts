/** Every table, gathered from the modules that own them, for Drizzle and drizzle-kit. */
export * from '../modules/auth/schema.ts';
export * from '../modules/credits/schema.ts';
export * from '../modules/keys/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/system/schema.ts';
export * from '../modules/tasks/schema.ts';
