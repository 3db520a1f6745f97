import {
  API_ENDPOINTS,
  EVENT_BODIES,
  EVENT_TYPES,
  MODELS,
  modelFieldsOf,
  OPENAPI_PATH,
} from '@conduit/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { compileComponent, type OpenApiOperation } from '../../../test/openapi-schemas.ts';
import { registeredRoutes } from '../../../test/registered-routes.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { buildOpenApiDocument } from './build-openapi.ts';

const runtime = useTestRuntime();

const documentOf = () => buildOpenApiDocument({ serverUrl: runtime.services.config.PUBLIC_URL });
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const documentedRoutes = (document: ReturnType<typeof documentOf>) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => HTTP_METHODS.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, and the validator does refuse a broken one', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(documentOf()));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const { info: _info, ...broken } = structuredClone(documentOf());
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('is served at /api/openapi.json without a key, as built', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(documentOf())));
    expect(response.json().servers).toEqual([{ url: runtime.services.config.PUBLIC_URL }]);
  });

  it('documents exactly the routes the app registers under /api/provider/, /files/ and /v1/, method for method', () => {
    const registered = registeredRoutes(runtime.app)
      .filter(
        (route) => route.includes(' /api/provider/') || route.includes(' /files/') || route.includes(' /v1/'),
      )
      .map((route) => route.replace(/:(\w+)/g, '{$1}'));
    expect(registered.length).toBeGreaterThanOrEqual(API_ENDPOINTS.length);
    expect(documentedRoutes(documentOf()).sort()).toEqual(registered.sort());
  });

  it('gives every operation its catalogue id, the key scheme, headers and error answers', () => {
    const document = documentOf();
    expect(document.components.securitySchemes.ApiKey).toMatchObject({ in: 'header', name: 'X-API-Key' });
    expect(document.components.securitySchemes.BearerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ ApiKey: [] }, { BearerKey: [] }]);
    for (const endpoint of API_ENDPOINTS) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as OpenApiOperation;
      expect(operation.operationId).toBe(endpoint.id);
      const statuses = Object.keys(operation.responses).map(Number);
      // The public model list answers without a key and counts no rate: no 401, no 429.
      expect(statuses).toEqual(expect.arrayContaining(endpoint.isPublic ? [200] : [200, 401, 429]));
      if (endpoint.isPublic) expect(statuses).not.toContain(401);
      if (endpoint.cost > 0) {
        expect(statuses).toEqual(expect.arrayContaining([400, 402, 403, 409, 413]));
        expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      } else {
        expect(operation.parameters ?? []).not.toContainEqual({
          $ref: '#/components/parameters/IdempotencyKey',
        });
      }
      if (endpoint.mode === 'status') expect(statuses).toEqual(expect.arrayContaining([400, 404]));
      if (endpoint.mode === 'sync') expect(statuses).toEqual(expect.arrayContaining([202, 502]));
      if (endpoint.isPublic) continue;
      expect(Object.keys(operation.responses[200]?.headers ?? {})).toEqual(
        expect.arrayContaining(['RateLimit', 'RateLimit-Policy']),
      );
      expect(Object.keys(operation.responses[429]?.headers ?? {})).toContain('Retry-After');
    }
  });

  it('holds success examples that match their documented answer schemas', () => {
    const document = documentOf();
    let checked = 0;
    for (const endpoint of API_ENDPOINTS) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as OpenApiOperation;
      for (const status of endpoint.mode === 'sync' ? ['200', '202'] : ['200']) {
        const content = operation.responses[status]?.content?.['application/json'] as {
          schema: unknown;
          example?: { data: { status?: string } };
        };
        expect(content.example, `${endpoint.id} ${status}`).toBeDefined();
        const validate = compileComponent(document, content.schema);
        expect(validate(content.example), JSON.stringify(validate.errors)).toBe(true);
        if (status === '202') expect(content.example?.data.status).toBe('processing');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(API_ENDPOINTS.length);
  });

  it('lists every event type as a signed webhook whose example its schema accepts', () => {
    const document = documentOf();
    expect(Object.keys(document.webhooks)).toEqual([...EVENT_TYPES]);
    for (const type of EVENT_TYPES) {
      const webhook = document.webhooks[type]?.post as (typeof document.webhooks)[string]['post'];
      expect(webhook.parameters.map((parameter) => parameter.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const content = webhook.requestBody.content['application/json'];
      if (type.startsWith('task.'))
        expect(content.schema).toEqual({ $ref: '#/components/schemas/TaskWebhookEvent' });
      const validate = compileComponent(document, content.schema);
      expect(validate(content.example), `${type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect((content.example as { type: string }).type).toBe(type);
      // The example is what the server's own schema for the type accepts too.
      expect(EVENT_BODIES[type].safeParse(content.example).error).toBeUndefined();
    }
  });

  it('holds only schemas Ajv compiles in strict mode (standard formats, no unknown keywords)', () => {
    const strict = new Ajv2020({ strict: true, allErrors: true });
    addFormats.default(strict);
    // OpenAPI's own keyword (the image and video bodies' model), and where their $refs point.
    strict.addKeyword('discriminator');
    strict.addKeyword('components');
    const { schemas } = documentOf().components;
    for (const name of Object.keys(schemas)) {
      const root = { $ref: `#/components/schemas/${name}`, components: { schemas } };
      expect(() => strict.compile(root), name).not.toThrow();
    }
    // A custom format is what strict mode refuses, so the check above can fail.
    expect(() => strict.compile({ type: 'string', format: 'starts_with' })).toThrow(/unknown format/);
    const sora = schemas.SoraRequest as { properties: { video_url: { format?: string; pattern?: string } } };
    expect(sora.properties.video_url.format).toBeUndefined();
    expect(sora.properties.video_url.pattern).toMatch(/^\^https:/);
  });

  it("describes the image and video bodies as any of their models' bodies, each with its own fields", () => {
    const document = documentOf();
    for (const [path, service] of [
      ['/api/provider/image', 'image'],
      ['/api/provider/video', 'video'],
    ] as const) {
      const operation = document.paths[path]?.post as OpenApiOperation;
      const validate = compileComponent(document, operation.requestBody?.content['application/json']?.schema);
      const body = document.components.schemas[service === 'image' ? 'ImageRequest' : 'VideoRequest'] as {
        anyOf: { $ref: string }[];
      };
      const models = MODELS.filter((model) => model.service === service);
      expect(body.anyOf).toHaveLength(models.length);
      for (const model of models) {
        // Each model's body with every field it takes at a value it accepts, as the server checks it.
        const fields = Object.fromEntries(
          modelFieldsOf(model)
            .filter((field) => field.values)
            .map((field) => [field.name, field.values?.at(-1)]),
        );
        const sent = { model: model.id, prompt: 'a fox', ...fields };
        expect(model.request.safeParse(sent).error, model.id).toBeUndefined();
        expect(validate(sent), `${model.id}: ${JSON.stringify(validate.errors)}`).toBe(true);
        // A field of another model, or a model of the other service, is refused as the server refuses it.
        expect(validate({ ...sent, surprise: 1 }), model.id).toBe(false);
      }
      expect(validate({ model: service === 'image' ? 'fast' : 'imagen4', prompt: 'a fox' })).toBe(false);
    }
    const image = compileComponent(document, { $ref: '#/components/schemas/ImageRequest' });
    expect(image({ prompt: 'a fox', image_size: '16:9' })).toBe(true);
    expect(image({ model: 'seedream-4.5', prompt: 'a fox', quality: 'high' })).toBe(true);
    expect(image({ model: 'seedream-4.5', prompt: 'a fox', image_size: '16:9' })).toBe(false);
    expect(image({ model: 'seedream-4.5', prompt: 'a fox', quality: 'medium' })).toBe(false);
    const video = compileComponent(document, { $ref: '#/components/schemas/VideoRequest' });
    expect(video({ model: 'kling-2.6', prompt: 'a drone', duration: 10, sound: true })).toBe(true);
    expect(video({ model: 'kling-2.6', prompt: 'a drone', duration: 15 })).toBe(false);
    expect(video({ model: 'standard', prompt: 'a drone', aspectRatio: 'Auto' })).toBe(true);
  });

  it('holds example bodies that the server schemas and the documented JSON Schemas both accept', () => {
    const document = documentOf();
    // A cancel is a POST without a body.
    const posts = API_ENDPOINTS.filter((endpoint) => endpoint.method === 'POST' && endpoint.body);
    expect(posts.length).toBeGreaterThan(0);
    for (const endpoint of posts) {
      expect(endpoint.body?.safeParse(endpoint.exampleBody).error).toBeUndefined();
      const operation = document.paths[endpoint.path]?.post as OpenApiOperation;
      const content = operation.requestBody?.content['application/json'];
      expect(content?.example).toEqual(endpoint.exampleBody);
      const validate = compileComponent(document, content?.schema);
      expect(validate(endpoint.exampleBody), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...endpoint.exampleBody, unknownField: 1 })).toBe(false);
    }
  });
});
