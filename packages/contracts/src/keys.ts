import { z } from 'zod';
import { SERVICES } from './services.ts';

export const KEY_NAME_MAX_LENGTH = 100;

/** Texts of the API keys screen (docs/product.md, "Other forms", "Other screens"). */
export const KEY_TEXTS = {
  nameRequired: 'Please enter a key name',
  loadFailed: 'Failed to load API keys',
  createFailed: 'Failed to create API key',
  deleteFailed: 'Failed to delete API key',
  copyFailed: 'Failed to copy to clipboard',
} as const;

export const keyLimitMessage = (max: number) =>
  `You have reached the maximum of ${max} API keys. Delete a key to create a new one.`;

export const KeyPermissions = z.object(
  Object.fromEntries(SERVICES.map((service) => [service, z.boolean()])) as Record<
    (typeof SERVICES)[number],
    z.ZodBoolean
  >,
);
export type KeyPermissions = z.infer<typeof KeyPermissions>;

export const ApiKey = z.object({
  _id: z.string(),
  keyName: z.string(),
  keyValue: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Who created the key (their email); a team's key keeps working after they leave. */
  createdBy: z.string().nullable(),
  permissions: KeyPermissions,
});
export type ApiKey = z.infer<typeof ApiKey>;

export const KeysResponse = z.object({
  keys: z.array(ApiKey),
  maxApiKeys: z.number().int(),
  /** Signs the callBackUrl webhooks of this account (Standard Webhooks, `whsec_...`). */
  webhookSecret: z.string(),
});
export type KeysResponse = z.infer<typeof KeysResponse>;

export const CreateKeyBody = z.object({ keyName: z.string().max(1000).optional() });
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

export const CreateKeyResponse = z.object({ key: ApiKey, message: z.string() });
export type CreateKeyResponse = z.infer<typeof CreateKeyResponse>;
