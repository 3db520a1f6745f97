import { API_ENDPOINTS, SERVICE_COST } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { exampleAnswer } from './example-answers.ts';

describe('exampleAnswer', () => {
  it('has an answer for every endpoint of the catalogue', () => {
    const missing = API_ENDPOINTS.filter((endpoint) => !exampleAnswer(endpoint, 'https://api.example'));
    expect(missing.map((endpoint) => endpoint.id)).toEqual([]);
  });

  it('charges what the contracts say, and points result files at the base URL', () => {
    for (const endpoint of API_ENDPOINTS) {
      const answer = exampleAnswer(endpoint, 'https://api.example');
      const data = answer?.body.data as { creditsUsed?: number; resultUrls?: string[] };
      if (endpoint.service && data.creditsUsed !== undefined) {
        expect(data.creditsUsed, endpoint.id).toBe(SERVICE_COST[endpoint.service]);
      }
      for (const url of data.resultUrls ?? []) expect(url).toMatch(/^https:\/\/api\.example\/files\//);
    }
  });

  it('is an answer the documented response schema accepts, field for field', () => {
    for (const endpoint of API_ENDPOINTS) {
      const body = exampleAnswer(endpoint, 'https://api.example')?.body;
      const parsed = endpoint.response.safeParse(body);
      expect(parsed.error?.issues ?? [], endpoint.id).toEqual([]);
      // Nothing the schema does not know: a field the server no longer sends would show up here.
      expect(Object.keys((body?.data ?? {}) as object).sort(), endpoint.id).toEqual(
        Object.keys((parsed.data as { data: object }).data).sort(),
      );
    }
  });
});
