import { ImageRequest, LinkedinRequest, modelById, VideoRequest } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { formFieldsOf } from './form-fields.ts';
import { bodyOf, fieldErrorsOf, initialValues, validValues } from './form-values.ts';

describe('playground forms from the API schemas', () => {
  it('makes a control per field of the body schema, with its choices, bounds and limits', () => {
    const image = formFieldsOf(ImageRequest);
    expect(image.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['model', 'text', false],
      ['prompt', 'textarea', true],
      ['image_urls', 'list', false],
      ['output_format', 'select', false],
      ['image_size', 'select', false],
      ['callBackUrl', 'url', false],
      ['webhookEvents', 'choices', false],
      ['maxCredits', 'number', false],
      ['quoteId', 'text', false],
      ['metadata', 'pairs', false],
    ]);
    expect(image[2]).toMatchObject({ maxItems: 10 });
    expect(image[4]?.options).toContain('21:9');
    expect(image[1]?.help).toBe('What the image should show (1-5,000 characters)');

    const video = Object.fromEntries(formFieldsOf(VideoRequest).map((field) => [field.name, field]));
    expect(video.seeds).toMatchObject({ kind: 'number', min: 10_000, max: 99_999 });
    expect(video.enableTranslation).toMatchObject({ kind: 'checkbox', defaultValue: true });
    // page_number has no real upper bound: none is put on the input.
    const linkedin = Object.fromEntries(formFieldsOf(LinkedinRequest).map((field) => [field.name, field]));
    expect(linkedin.page_number).toMatchObject({ kind: 'number', min: 1, max: undefined });
  });

  it('starts from the given body or the defaults, and sends only what is set, numbers as numbers', () => {
    const fields = formFieldsOf(VideoRequest);
    const values = initialValues(fields, { prompt: 'A drone shot' });
    expect(values).toMatchObject({
      prompt: 'A drone shot',
      model: 'fast',
      enableTranslation: true,
      seeds: '',
    });
    expect(bodyOf(fields, values)).toEqual({
      prompt: 'A drone shot',
      model: 'fast',
      aspectRatio: '16:9',
      enableFallback: false,
      enableTranslation: true,
    });
    const edited = { ...values, seeds: ' 12345 ', imageUrls: ['https://example.com/a.png', '  '] };
    expect(bodyOf(fields, edited)).toMatchObject({ seeds: 12345, imageUrls: ['https://example.com/a.png'] });
  });

  it('sends metadata typed as key=value lines as an object, and shows a given object as those lines', () => {
    const fields = formFieldsOf(ImageRequest);
    const values = initialValues(fields, { prompt: 'x', metadata: { customer: 'acme', plan: 'pro' } });
    expect(values.metadata).toBe('customer=acme\nplan=pro');
    const edited = { ...values, metadata: ' customer = acme \n\norder=42\n' };
    expect(bodyOf(fields, edited).metadata).toEqual({ customer: 'acme', order: '42' });
    expect(bodyOf(fields, { ...values, metadata: '  ' })).not.toHaveProperty('metadata');
    // A key past 40 characters is the schema's to refuse, named by the field.
    const long = bodyOf(fields, { ...values, metadata: `${'k'.repeat(41)}=v` });
    expect(fieldErrorsOf(ImageRequest, long)).toHaveProperty('metadata');
  });

  it("finds each field's first problem with the API's own schema", () => {
    const fields = formFieldsOf(ImageRequest);
    const body = bodyOf(fields, {
      ...initialValues(fields),
      prompt: '   ',
      image_urls: ['https://example.com/a.png', 'ftp://nope'],
    });
    expect(fieldErrorsOf(ImageRequest, body)).toEqual({
      prompt: 'is required',
      image_urls: 'URL 2: must be an http(s) URL',
    });
    const linkedin = formFieldsOf(LinkedinRequest);
    const errors = fieldErrorsOf(
      LinkedinRequest,
      bodyOf(linkedin, { ...initialValues(linkedin), username: 'ada', limit: '500', total_posts: 'many' }),
    );
    expect(Object.keys(errors)).toEqual(['limit', 'total_posts']);
  });

  it("a model's choice among numbers is a select whose value is sent as a number; prompts get a box", () => {
    const kling = modelById('kling-2.6');
    if (!kling) throw new Error('kling-2.6 is in the catalogue');
    const fields = Object.fromEntries(formFieldsOf(kling.request).map((field) => [field.name, field]));
    expect(fields.duration).toMatchObject({ kind: 'select', options: ['5', '10'], isNumeric: true });
    expect(fields.aspect_ratio).toMatchObject({ kind: 'select', isNumeric: false });
    // 2,500 characters at most: still a prompt, so a multi-line box.
    expect(fields.prompt?.kind).toBe('textarea');
    const list = formFieldsOf(kling.request);
    expect(
      bodyOf(list, { ...initialValues(list), model: 'kling-2.6', prompt: 'Waves', duration: '10' }),
    ).toEqual({
      model: 'kling-2.6',
      prompt: 'Waves',
      aspect_ratio: '16:9',
      duration: 10,
      sound: false,
    });
  });

  it("keeps the values another schema accepts and starts the rest from that schema's defaults", () => {
    const gpt = modelById('gpt-image-1.5');
    if (!gpt) throw new Error('gpt-image-1.5 is in the catalogue');
    const fields = formFieldsOf(gpt.request);
    expect(
      validValues(fields, gpt.request, {
        prompt: 'A red kite',
        aspect_ratio: '21:9',
        quality: 'high',
        seed: 3,
      }),
    ).toMatchObject({ prompt: 'A red kite', aspect_ratio: '1:1', quality: 'high', maxCredits: '' });
    expect(validValues(fields, gpt.request, { prompt: '  ', quality: 'ultra' })).toMatchObject({
      prompt: '',
      quality: 'medium',
    });
  });
});
