import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../src/modules/docs/build-openapi.ts';

export interface OpenApiOperation {
  operationId: string;
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
  >;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);

/** A validator for a documented `$ref` schema, in the document's own dialect (JSON Schema 2020-12). */
export function compileComponent(document: OpenApiDocument, ref: unknown) {
  const name = String((ref as { $ref?: string } | undefined)?.$ref ?? '').replace(
    '#/components/schemas/',
    '',
  );
  const schema = (document.components.schemas as Record<string, object>)[name];
  if (!schema) throw new Error(`No component schema for ${JSON.stringify(ref)}`);
  return ajv.compile(schema);
}
