import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './build-openapi.ts';

// A public host of our own: both linters warn about example.com and localhost servers.
const SERVER_URL = 'https://api.conduit.test';

/** Spectral's `spectral:oas` ruleset as `spectral lint` runs it by default (its recommended rules). */
async function spectralProblems(text: string) {
  const spectral = new Spectral();
  // The package's own types disagree on the ruleset's shape; it is the ruleset `spectral lint` loads.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const results = await spectral.run(new Document(text, Json, 'openapi.json'));
  return results.map((result) => `${result.code} ${result.path.join('.')}: ${result.message}`);
}

/** Redocly's `recommended` ruleset, errors and warnings alike. */
async function redoclyProblems(text: string) {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
  return problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
}

describe('the OpenAPI document under the linters API tools run', () => {
  const text = JSON.stringify(buildOpenApiDocument({ serverUrl: SERVER_URL }));

  it('has no Spectral (spectral:oas) error or warning', async () => {
    expect(await spectralProblems(text)).toEqual([]);
  });

  it('has no Redocly (recommended) error or warning', async () => {
    expect(await redoclyProblems(text)).toEqual([]);
  });

  it('would be caught by both: an example its schema refuses', async () => {
    const broken = buildOpenApiDocument({ serverUrl: SERVER_URL });
    const error = broken.components.schemas.ApiError as { properties: Record<string, unknown> };
    delete error.properties.resetsAt;
    const brokenText = JSON.stringify(broken);
    expect((await spectralProblems(brokenText)).join('\n')).toMatch(/oas3-valid-media-example/);
    expect((await redoclyProblems(brokenText)).join('\n')).toMatch(/no-invalid-media-type-examples/);
  });
});
