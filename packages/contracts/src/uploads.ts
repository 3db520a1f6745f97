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
