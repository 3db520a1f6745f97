import { randomBytes } from 'node:crypto';
import { ERROR_CODES, PROVIDER_LIMITS } from '@conduit/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError, BadRequest, NotFound, PayloadTooLarge } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Services } from '../../platform/services.ts';
import { deleteExpiredFiles } from './expired-files.ts';
import { type UploadRow, uploads } from './schema.ts';
import { createUploadSigner, sniffContentType, type UploadKind } from './upload-urls.ts';

type UploadServices = Pick<Services, 'db' | 'storage' | 'config' | 'clock' | 'sessionSecret'>;

/** An upload as the API answers it. */
export interface UploadAnswer {
  id: string;
  url: string;
  contentType: string;
  bytes: number;
  expiresAt: string;
}

export const UPLOAD_MAX_BYTES = PROVIDER_LIMITS.imageMaxBytes;

/** 413 past the workspace's storage quota: says how much is used and what frees it. */
export class UploadQuotaExceeded extends AppError {
  constructor(usedBytes: number, quotaBytes: number, bytes: number) {
    super(
      ERROR_CODES.PAYLOAD_TOO_LARGE,
      `Upload quota exceeded: this workspace holds ${usedBytes} bytes of uploads and may hold ${quotaBytes}; this file (${bytes} bytes) does not fit. Delete uploads (DELETE /api/provider/files/{id}) or wait for them to expire.`,
      { details: { usedBytes, quotaBytes, bytes } },
    );
  }
}

const signers = new WeakMap<object, ReturnType<typeof createUploadSigner>>();
export function uploadSignerOf(services: Pick<Services, 'sessionSecret' | 'config'>) {
  let signer = signers.get(services.config);
  if (!signer) {
    signer = createUploadSigner(services.sessionSecret);
    signers.set(services.config, signer);
  }
  return signer;
}

export const answerOfUpload = (
  services: Pick<Services, 'sessionSecret' | 'config'>,
  row: UploadRow,
): UploadAnswer => ({
  id: row.id,
  url: uploadSignerOf(services).urlOf(services.config.PUBLIC_URL, row.id, row.name, row.expiresAt),
  contentType: row.contentType,
  bytes: row.bytes,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Keeps a workspace's input file: its type read from its bytes (PNG, JPEG, WebP, MP4; `kinds`
 * narrows it), at most 10 MB, within the workspace's quota of unexpired uploads. The quota is
 * checked and the row written under a lock on the workspace, so concurrent uploads cannot pass it
 * together; bytes stored for a refused upload are removed.
 */
export async function createUpload(
  services: UploadServices,
  workspaceId: string,
  bytes: Buffer,
  kinds: readonly UploadKind[] = ['image', 'video'],
): Promise<UploadAnswer> {
  if (bytes.length > UPLOAD_MAX_BYTES)
    throw new PayloadTooLarge(`The file is larger than ${UPLOAD_MAX_BYTES} bytes`);
  if (bytes.length === 0) throw new BadRequest('file: is empty', 'file');
  const type = sniffContentType(bytes);
  if (!type || !kinds.includes(type.kind)) {
    const allowed = kinds.includes('video') ? 'PNG, JPEG, WebP or MP4' : 'PNG, JPEG or WebP';
    throw new BadRequest(`file: is not a ${allowed} file (its first bytes say otherwise)`, 'file');
  }
  const id = newId('upl');
  const name = `${randomBytes(16).toString('hex').slice(0, 20)}.${type.extension}`;
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + services.config.UPLOAD_TTL_HOURS * 3_600_000);
  const quotaBytes = services.config.UPLOAD_QUOTA_MB * 1024 * 1024;
  await services.storage.put(`${id}/${name}`, bytes, type.contentType);
  try {
    const row = await services.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uploads:' || ${workspaceId}))`);
      const [used] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
        .from(uploads)
        .where(
          and(eq(uploads.workspaceId, workspaceId), isNull(uploads.deletedAt), gt(uploads.expiresAt, now)),
        );
      const usedBytes = Number(used?.bytes ?? 0);
      if (usedBytes + bytes.length > quotaBytes)
        throw new UploadQuotaExceeded(usedBytes, quotaBytes, bytes.length);
      const [inserted] = await tx
        .insert(uploads)
        .values({
          id,
          workspaceId,
          name,
          contentType: type.contentType,
          bytes: bytes.length,
          createdAt: now,
          expiresAt,
        })
        .returning();
      return inserted as UploadRow;
    });
    return answerOfUpload(services, row);
  } catch (error) {
    await services.storage.deleteTask(id).catch(() => {});
    throw error;
  }
}

/** A workspace's unexpired uploads, newest first. */
export async function listUploads(services: UploadServices, workspaceId: string): Promise<UploadAnswer[]> {
  const rows = await services.db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.workspaceId, workspaceId),
        isNull(uploads.deletedAt),
        gt(uploads.expiresAt, services.clock.now()),
      ),
    )
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(1000);
  return rows.map((row) => answerOfUpload(services, row));
}

/** Removes one of the workspace's uploads: its URL answers 404 from now on, its bytes are deleted. */
export async function deleteUpload(services: UploadServices, workspaceId: string, id: string): Promise<void> {
  const [row] = await services.db
    .update(uploads)
    .set({ deletedAt: services.clock.now() })
    .where(and(eq(uploads.id, id), eq(uploads.workspaceId, workspaceId), isNull(uploads.deletedAt)))
    .returning();
  if (!row) throw new NotFound('Upload not found');
  await services.storage.deleteTask(id);
}

/** The upload a signed URL names, if the signature holds, it is not past its expiry and not deleted. */
export async function findServedUpload(
  services: UploadServices,
  id: string,
  name: string,
  expiresS: number,
  signature: string,
): Promise<UploadRow | undefined> {
  if (!uploadSignerOf(services).verify(id, name, expiresS, signature)) return undefined;
  if (expiresS * 1000 <= services.clock.now().getTime()) return undefined;
  const [row] = await services.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.name, name), isNull(uploads.deletedAt)))
    .limit(1);
  return row && row.expiresAt > services.clock.now() ? row : undefined;
}

/** Deletes the bytes of uploads past their expiry (the hourly result-expiry job); answers how many. */
export const deleteExpiredUploads = (services: Pick<Services, 'db' | 'storage' | 'clock'>): Promise<number> =>
  deleteExpiredFiles(services, {
    table: uploads,
    id: uploads.id,
    expiresAt: uploads.expiresAt,
    deletedAt: uploads.deletedAt,
  });
