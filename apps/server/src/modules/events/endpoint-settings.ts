import { DEFAULT_ENDPOINT_EVENT_TYPES, type EventType } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { webhookEndpoints } from './schema.ts';

/** The endpoint's event types (the account events until chosen) and whether it was switched off. */
export async function readEndpointSettings(db: Db, workspaceId: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspaceId));
  return {
    eventTypes: (row?.eventTypes ?? [...DEFAULT_ENDPOINT_EVENT_TYPES]) as EventType[],
    disabledAt: row?.disabledAt ?? null,
  };
}
