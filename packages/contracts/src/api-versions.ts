/**
 * The public API's dated versions (docs/product.md, "API versions"). Every answer of the public
 * API names the version it was written in; a request may pin one with the same header. A change
 * that could break a caller gets a new date; additions (a field, an endpoint, an error code) do not.
 */
export const API_VERSION_HEADER = 'Conduit-Version';

/** Every version the server still answers in, newest first. */
export const API_VERSIONS = ['2026-12-01'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** The version a request without the header gets: the newest. */
export const CURRENT_API_VERSION: ApiVersion = API_VERSIONS[0];

export const isApiVersion = (value: string): value is ApiVersion =>
  (API_VERSIONS as readonly string[]).includes(value);

export const unknownApiVersionMessage = (value: string) =>
  `${API_VERSION_HEADER}: "${value}" is not a version of this API; supported versions: ${API_VERSIONS.join(', ')}`;

export interface ChangelogEntry {
  /** The day the change shipped (YYYY-MM-DD). */
  date: string;
  /** The version it belongs to; a breaking change starts a new one. */
  version: ApiVersion;
  isBreaking: boolean;
  changes: readonly string[];
}

/** What changed in the public API, newest first: the /docs changelog tab reads it. */
export const API_CHANGELOG: readonly ChangelogEntry[] = [
  {
    date: '2026-12-01',
    version: '2026-12-01',
    isBreaking: false,
    changes: [
      'A catalogue of models: the image call takes `model` (default `nano-banana`) and the video call more models than `fast` and `standard`, each with its own fields and price; `GET /api/provider/models` (no key needed) lists the enabled ones with their request schemas. An unknown or disabled model is 400 `VALIDATION_FAILED` naming `model`, nothing charged.',
      'Every answer carries `Conduit-Version: 2026-12-01`; send the header to pin a version (an unknown one answers 400 listing the supported versions).',
      'The 402 `KEY_SPEND_LIMIT` error documents its `limit`, `spent`, `period` and `resetsAt` fields.',
      'Paid calls answer `X-Credits-Charged` and `X-Credits-Remaining`; a call repeated with its `Idempotency-Key` answers `Idempotent-Replayed: true`.',
      'The OpenAPI document describes result file downloads (`/files/{taskId}/{name}`, byte ranges, 410 once expired) and the account webhook events (`balance.low`, `webhook.test`).',
    ],
  },
];

/** How versions are kept, in the docs' words. */
export const API_VERSIONING_POLICY =
  'Versions are dates. Additions (new endpoints, new optional fields, new error codes, new headers) ship to every version; a change that could break a working integration (a field removed or renamed, a status or error code changed) ships under a new date, and the previous version keeps answering for at least 12 months after it. Pin a version with the `Conduit-Version` header; without it you get the newest.';
