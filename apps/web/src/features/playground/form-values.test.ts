import { ImageRequest, LinkedinRequest, VideoRequest } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { formFieldsOf } from './form-fields.ts';
import { bodyOf, fieldErrorsOf, initialValues } from './form-values.ts';

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
      ['webhookEvents', 'list', false],
      ['maxCredits', 'number', false],
      ['quoteId', 'text', false],
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
});
