import { metadataFilterOf, metadataProblem } from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';

/**
 * A paid call's `metadata` (docs/product.md, "Metadata"), as the one charge path reads it: every
 * call, whichever route or shape it came by, is checked here again before its charge (the routes'
 * schemas refuse it first; this is the guarantee), and the task stores it apart from the work's body.
 */
export function callMetadataOf(body: object): Record<string, string> | undefined {
  const sent = (body as { metadata?: unknown }).metadata;
  if (sent === undefined || sent === null) return undefined;
  if (typeof sent !== 'object' || Array.isArray(sent))
    throw new ValidationFailed('metadata: must be an object of string values', 'metadata');
  const problem = metadataProblem(sent as Record<string, unknown>);
  if (problem) throw new ValidationFailed(`metadata: ${problem}`, 'metadata');
  const metadata = sent as Record<string, string>;
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

/** The body without its metadata: what the task keeps as its `request` (the work's own fields). */
export function withoutMetadata(body: object): Record<string, unknown> {
  const { metadata: _metadata, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** The `metadata[key]=value` filter of a list request's URL; a bad pair is a 400 naming `metadata`. */
export function metadataQueryOf(url: string | undefined): Record<string, string> {
  const at = url?.indexOf('?') ?? -1;
  const read = metadataFilterOf(at < 0 || !url ? '' : url.slice(at + 1));
  if ('error' in read) throw new ValidationFailed(read.error, 'metadata');
  return read.filter;
}
