import { ImageRequest, LinkedinRequest, PROVIDER_LIMITS } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaFields } from './schema-fields.ts';

describe('schemaFields', () => {
  it('reads name, type, required, default, limits and description from the schema', () => {
    const rows = schemaFields(
      z.strictObject({
        name: z.string().min(2).max(40).describe('Who it is for'),
        count: z.number().int().min(1).default(3),
        tags: z.array(z.url()).max(4).optional(),
        kind: z.enum(['a', 'b']).default('a'),
      }),
    );
    expect(rows).toEqual([
      {
        name: 'name',
        type: 'string',
        required: true,
        defaultValue: null,
        limits: ['2-40 characters'],
        description: 'Who it is for',
      },
      // .int() without a maximum is no upper limit to a reader.
      {
        name: 'count',
        type: 'integer',
        required: false,
        defaultValue: '3',
        limits: ['at least 1'],
        description: '',
      },
      {
        name: 'tags',
        type: 'array of string (URL)',
        required: false,
        defaultValue: null,
        limits: ['at most 4 items'],
        description: '',
      },
      {
        name: 'kind',
        type: 'string',
        required: false,
        defaultValue: '"a"',
        limits: ['one of a, b'],
        description: '',
      },
    ]);
  });

  it('follows the contracts: the limits in the table are the limits the server checks', () => {
    const image = schemaFields(ImageRequest);
    expect(image.map((row) => row.name)).toEqual([
      'model',
      'prompt',
      'image_urls',
      'output_format',
      'image_size',
      'callBackUrl',
      'webhookEvents',
      'maxCredits',
      'quoteId',
      'metadata',
    ]);
    expect(image.find((row) => row.name === 'image_urls')?.limits).toContain(
      `at most ${PROVIDER_LIMITS.imageUrlsMax} items`,
    );
    const linkedin = schemaFields(LinkedinRequest);
    expect(linkedin.find((row) => row.name === 'limit')).toMatchObject({
      defaultValue: String(PROVIDER_LIMITS.linkedinLimitDefault),
      limits: [`${PROVIDER_LIMITS.linkedinLimitMin}-${PROVIDER_LIMITS.linkedinLimitMax}`],
    });
    expect(linkedin.find((row) => row.name === 'page_number')?.limits).toEqual(['at least 1']);
  });

  it('reads a union of literals (a duration of 5 or 10) as its values', () => {
    const [duration] = schemaFields(
      z.object({ duration: z.union([z.literal(5), z.literal(10)]).default(5) }),
    );
    expect(duration).toMatchObject({ type: 'number', defaultValue: '5', limits: ['one of 5, 10'] });
  });

  it('writes a startsWith rule as its prefix and any other pattern as a pattern', () => {
    const [prefixed, patterned] = schemaFields(
      z.object({ url: z.string().startsWith('https://a.example/'), code: z.string().regex(/^[A-Z]+$/) }),
    );
    expect(prefixed?.limits).toEqual(['starts with https://a.example/']);
    expect(patterned?.limits).toEqual(['matches ^[A-Z]+$']);
  });
});
