/** Every table, gathered from the modules that own them, for Drizzle and drizzle-kit. */
export * from '../modules/system/schema.ts';
