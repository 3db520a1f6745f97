import { z } from 'zod';

/** `POST /api/provider/files` (multipart field `file`): an input file kept for image_urls, imageUrls and /v1. */
export const UPLOADS_PATH = '/api/provider/files';
export const Upload = z.object({
  id: z.string(),
  url: z.string().describe('Signed URL that works until expiresAt; pass it in image_urls or imageUrls'),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'video/mp4']).describe('Read from the bytes'),
  bytes: z.number().int(),
  expiresAt: z.iso.datetime(),
});
export type Upload = z.infer<typeof Upload>;
export const UploadAnswer = z.object({ success: z.literal(true), data: Upload });
export const UploadListAnswer = z.object({ success: z.literal(true), data: z.array(Upload) });
export const UploadParams = z.object({ fileId: z.string().max(64) });

/** The upload operations, for the OpenAPI document (the server registers exactly these). */
export const UPLOAD_ENDPOINTS = [
  {
    id: 'uploadFile',
    method: 'POST',
    path: UPLOADS_PATH,
    summary:
      "Keeps a local PNG, JPEG, WebP or MP4 file (multipart field `file`, at most 10 MB, the type read from its bytes) and answers a signed URL that works in image_urls, imageUrls and /v1 until expiresAt. Past the workspace's storage quota: 413.",
    response: UploadAnswer,
  },
  {
    id: 'listUploads',
    method: 'GET',
    path: UPLOADS_PATH,
    summary: "The key's workspace's unexpired uploads, newest first.",
    response: UploadListAnswer,
  },
  {
    id: 'deleteUpload',
    method: 'DELETE',
    path: `${UPLOADS_PATH}/{fileId}`,
    summary: 'Removes an upload: its bytes and its URL (404 from now on).',
    response: z.object({
      success: z.literal(true),
      data: z.object({ id: z.string(), deleted: z.literal(true) }),
    }),
  },
] as const;
