import { API_ENDPOINTS, answerExamples, SERVICE_COST } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';

const BASE_URL = 'https://api.example';

/** The sample answers of the contracts, shown by the docs pages and carried by the OpenAPI document. */
describe('answerExamples', () => {
  it('answers 200 for every endpoint, and 202 as well for those that wait', () => {
    for (const endpoint of API_ENDPOINTS) {
      const statuses = answerExamples(endpoint, BASE_URL).map((example) => example.status);
      expect(statuses, endpoint.id).toEqual(endpoint.mode === 'sync' ? [200, 202] : [200]);
    }
  });

  it('charges what the contracts say, and points result files at the base URL', () => {
    for (const endpoint of API_ENDPOINTS) {
      for (const example of answerExamples(endpoint, BASE_URL)) {
        const data = example.body.data as { creditsUsed?: number; resultUrls?: string[] };
        if (endpoint.service) expect(data.creditsUsed, endpoint.id).toBe(SERVICE_COST[endpoint.service]);
        for (const url of data.resultUrls ?? []) expect(url).toMatch(/^https:\/\/api\.example\/files\//);
      }
    }
  });

  it('is an answer the documented response schema accepts, field for field', () => {
    for (const endpoint of API_ENDPOINTS) {
      for (const { status, body } of answerExamples(endpoint, BASE_URL)) {
        const parsed = endpoint.response.safeParse(body);
        expect(parsed.error?.issues ?? [], `${endpoint.id} ${status}`).toEqual([]);
        // Nothing the schema does not know: a field the server no longer sends would show up here.
        expect(Object.keys(body.data).sort(), `${endpoint.id} ${status}`).toEqual(
          Object.keys((parsed.data as { data: object }).data).sort(),
        );
      }
    }
  });
});
