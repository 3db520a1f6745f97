import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-runtime.ts';
import { intArray, textArray, timestampArray } from './pg-arrays.ts';

/** PostgreSQL reads each binary array back as the values sent: compared on its own text output. */
describe('binary array parameters', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('sends text as it is: quotes, backslashes, braces, commas, NULL, the empty string, UTF-8', async () => {
    const values = [
      '{"prompt":"a \\"lighthouse\\" at dusk","n":1}',
      'C:\\path\\to',
      '{a,b}',
      null,
      '',
      'NULL',
      'Zürich, 東京 and 🚀',
      'x'.repeat(10_000),
    ];
    const { rows } = await client.query('select unnest($1::text[]) as value, cardinality($1::text[]) as n', [
      textArray(values),
    ]);
    expect(rows.map((row) => row.value)).toEqual(values);
    expect(rows[0].n).toBe(values.length);
    // As jsonb: the JSON element is read whole, not split at its commas.
    const json = await client.query('select ($1::text[])[1]::jsonb as body', [textArray(values)]);
    expect(json.rows[0].body).toEqual({ prompt: 'a "lighthouse" at dusk', n: 1 });
  });

  it('sends integers, NULL and the int4 limits; a fraction or a value beyond them is refused, not cut', async () => {
    const values = [0, -1, 2_147_483_647, -2_147_483_648, null, 10];
    const { rows } = await client.query('select unnest($1::int[]) as value', [intArray(values)]);
    expect(rows.map((row) => row.value)).toEqual(values);
    expect(() => intArray([2_147_483_648])).toThrow(RangeError);
    expect(() => intArray([1.5])).toThrow(RangeError);
    expect(() => intArray([Number.NaN])).toThrow(RangeError);
  });

  it('sends timestamps to the microsecond PostgreSQL keeps, before and after 2000, and NULL', async () => {
    const values = [
      new Date('2026-12-08T01:02:03.456Z'),
      new Date('1999-12-31T23:59:59.999Z'),
      new Date('2000-01-01T00:00:00.000Z'),
      null,
      new Date('2100-06-30T12:00:00.001Z'),
    ];
    const { rows } = await client.query(
      'select to_char(value at time zone \'UTC\', \'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"\') as iso from unnest($1::timestamptz[]) as value',
      [timestampArray(values)],
    );
    expect(rows.map((row) => row.iso)).toEqual(values.map((value) => value?.toISOString() ?? null));
    expect(() => timestampArray([new Date(Number.NaN)])).toThrow(RangeError);
  });

  it('sends empty arrays', async () => {
    const { rows } = await client.query(
      'select cardinality($1::text[]) as texts, cardinality($2::int[]) as ints, cardinality($3::timestamptz[]) as times',
      [textArray([]), intArray([]), timestampArray([])],
    );
    expect(rows[0]).toEqual({ texts: 0, ints: 0, times: 0 });
  });
});
