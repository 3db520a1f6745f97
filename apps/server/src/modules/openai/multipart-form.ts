import type { FastifyRequest } from 'fastify';
import { BadRequest } from '../../platform/errors.ts';

/** A multipart form read whole: its text fields and its files' bytes, by field name. */
export interface ReadForm {
  fields: Record<string, string>;
  files: { field: string; bytes: Buffer }[];
}

/**
 * Reads a multipart form as OpenAI's libraries send it (text fields, file parts named `image`,
 * `image[]` or `input_reference`). Each file is held to `maxFileBytes` (413 past it) and only the
 * named file fields are taken.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly string[],
  limits: { maxFileBytes: number; maxFiles: number },
): Promise<ReadForm> {
  const form: ReadForm = { fields: {}, files: [] };
  const parts = request.parts({
    limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 50, fieldSize: 64 * 1024 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new BadRequest(
          `${part.fieldname}: not a file field here (${fileFields.join(', ')})`,
          part.fieldname,
        );
      }
      form.files.push({ field: part.fieldname, bytes: await part.toBuffer() });
    } else {
      form.fields[part.fieldname] = String(part.value);
    }
  }
  return form;
}
