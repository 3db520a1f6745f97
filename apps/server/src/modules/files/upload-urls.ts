import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveSealKey } from '../../platform/sealed-box.ts';

/**
 * An upload's URL: unguessable (its id and random name) and signed with its expiry, so an upstream
 * can fetch it without a key until then and nobody can stretch it. `HMAC-SHA256(id/name:expires)`
 * under a key of its own derived from SESSION_SECRET.
 */
export function createUploadSigner(sessionSecret: string) {
  const key = deriveSealKey(sessionSecret, 'upload-url');
  const signatureOf = (id: string, name: string, expiresS: number) =>
    createHmac('sha256', key).update(`${id}/${name}:${expiresS}`).digest('base64url');
  return {
    urlOf(publicUrl: string, id: string, name: string, expiresAt: Date) {
      const expiresS = Math.floor(expiresAt.getTime() / 1000);
      return `${publicUrl}/files/uploads/${id}/${name}?expires=${expiresS}&signature=${signatureOf(id, name, expiresS)}`;
    },
    /** Whether the signature is this file's, for this expiry. */
    verify(id: string, name: string, expiresS: number, signature: string): boolean {
      const expected = Buffer.from(signatureOf(id, name, expiresS));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type UploadSigner = ReturnType<typeof createUploadSigner>;

export type UploadKind = 'image' | 'video';

/** The type of a file read from its first bytes (magic numbers), never from what the caller said. */
export function sniffContentType(
  bytes: Buffer,
): { contentType: string; extension: string; kind: UploadKind } | undefined {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { contentType: 'image/png', extension: 'png', kind: 'image' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: 'image/jpeg', extension: 'jpg', kind: 'image' };
  }
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    return { contentType: 'image/webp', extension: 'webp', kind: 'image' };
  }
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    return { contentType: 'video/mp4', extension: 'mp4', kind: 'video' };
  }
  return undefined;
}
