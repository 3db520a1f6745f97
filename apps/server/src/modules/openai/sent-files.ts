import { createHash } from 'node:crypto';
import type { Services } from '../../platform/services.ts';
import { createUpload, deleteUpload, type UploadAnswer } from '../files/uploads.ts';
import type { ReadForm } from './multipart-form.ts';

type UploadServices = Parameters<typeof createUpload>[0] & Pick<Services, 'db'>;

/** The image files a /v1 form sent (an edit's images, a video's input_reference), kept as uploads. */
export interface SentFiles {
  /** Their upload URLs, the inputs of the call. */
  urls: string[];
  /**
   * What they are for the request's Idempotency-Key: their bytes' hashes. Sent again, the same
   * files are stored anew under new URLs, which must not make it another request.
   */
  sameAs: string[];
  /** Deletes this sending's uploads: its call replays an earlier one, whose own uploads it runs on. */
  dropForReplay(): Promise<void>;
}

/** Keeps a form's files as uploads of the workspace (each an image, at most 10 MB). */
export async function keepSentFiles(
  services: UploadServices,
  workspaceId: string,
  files: ReadForm['files'],
): Promise<SentFiles> {
  const kept: UploadAnswer[] = [];
  for (const file of files) kept.push(await createUpload(services, workspaceId, file.bytes, ['image']));
  return {
    urls: kept.map((upload) => upload.url),
    sameAs: files.map((file) => `sha256:${createHash('sha256').update(file.bytes).digest('hex')}`),
    async dropForReplay() {
      for (const upload of kept) await deleteUpload(services, workspaceId, upload.id);
    },
  };
}
