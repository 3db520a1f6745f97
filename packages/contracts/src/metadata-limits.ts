/**
 * The limits of a paid call's `metadata` (metadata.ts), as Stripe limits its own. Kept apart from
 * the schemas, without zod, so the docs' first load can print them without the schema code.
 */
export const METADATA_LIMITS = {
  maxKeys: 50,
  keyMaxLength: 40,
  valueMaxLength: 500,
} as const;
