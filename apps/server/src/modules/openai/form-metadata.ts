/**
 * `metadata` in a multipart form (POST /v1/images/edits, POST /v1/videos): OpenAI's libraries send
 * an object field of a form as one field per key, `metadata[customer]=acme`; a `metadata` field
 * holding a JSON object is taken too. A JSON body carries `metadata` as an object and needs none of
 * this. Anything but those shapes is left for the body's schema to refuse, naming `metadata`.
 */
export function withFormMetadata(fields: Record<string, unknown>): Record<string, unknown> {
  const pairs = Object.entries(fields).filter(([name]) => /^metadata\[.*\]$/.test(name));
  const { metadata: sent, ...rest } = fields;
  for (const [name] of pairs) delete rest[name];
  let metadata: unknown = sent;
  if (typeof sent === 'string') {
    try {
      metadata = JSON.parse(sent);
    } catch {
      metadata = sent;
    }
  }
  if (pairs.length > 0) {
    const fromPairs = Object.fromEntries(
      pairs.map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    metadata = metadata && typeof metadata === 'object' ? { ...metadata, ...fromPairs } : fromPairs;
  }
  return metadata === undefined ? rest : { ...rest, metadata };
}
