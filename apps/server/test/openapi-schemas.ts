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

/**
 * A validator for a documented `$ref` schema, in the document's own dialect (JSON Schema 2020-12),
 * with the components it points into (the image and video bodies are one of their models' bodies).
 */
export function compileComponent(document: OpenApiDocument, ref: unknown) {
  const name = String((ref as { $ref?: string } | undefined)?.$ref ?? '').replace(
    '#/components/schemas/',
    '',
  );
  const schemas = document.components.schemas as Record<string, object>;
  if (!schemas[name]) throw new Error(`No component schema for ${JSON.stringify(ref)}`);
  return ajv.compile({ $ref: `#/components/schemas/${name}`, components: { schemas } });
}
