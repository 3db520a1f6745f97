import { type ModelDefinition, OPENAI_IMAGE_SIZE_RATIOS, type OpenAIImageRequest } from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';

const accepts = (model: ModelDefinition, field: string, value: unknown) =>
  model.request.shape[field]?.safeParse(value).success === true;

/** The model's aspect-ratio field: the default model's `image_size`, the others' `aspect_ratio`. */
const ratioField = (model: ModelDefinition) =>
  'image_size' in model.request.shape
    ? 'image_size'
    : 'aspect_ratio' in model.request.shape
      ? 'aspect_ratio'
      : undefined;

/**
 * OpenAI's generation fields as the native body of our model
 * (docs/product.md, "Use with OpenAI libraries"): `size` becomes the model's aspect ratio, `quality` its quality where it has one,
 * `output_format` its file type. A value the model cannot take is refused naming the OpenAI field.
 */
export function nativeImageBody(
  model: ModelDefinition,
  fields: OpenAIImageRequest,
  imageUrls?: string[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: model.id,
    prompt: fields.prompt,
    ...(fields.metadata && { metadata: fields.metadata }),
  };
  if (fields.size !== 'auto') {
    const ratio = OPENAI_IMAGE_SIZE_RATIOS[fields.size];
    const field = ratioField(model);
    if (!field || !accepts(model, field, ratio)) {
      const sizes = Object.entries(OPENAI_IMAGE_SIZE_RATIOS)
        .filter(([, candidate]) => field && accepts(model, field, candidate))
        .map(([size]) => size);
      throw new ValidationFailed(
        `size: ${model.id} does not make ${fields.size} (${ratio}); it takes ${[...sizes, 'auto'].join(', ')}`,
        'size',
      );
    }
    body[field] = ratio;
  }
  if ('quality' in model.request.shape && fields.quality !== 'auto') {
    const wanted = fields.quality === 'hd' || fields.quality === 'high' ? ['high'] : ['medium', 'basic'];
    const value = wanted.find((candidate) => accepts(model, 'quality', candidate));
    if (value) body.quality = value;
  }
  if (fields.output_format) {
    const value = [fields.output_format, fields.output_format === 'jpeg' ? 'jpg' : fields.output_format].find(
      (candidate) => accepts(model, 'output_format', candidate),
    );
    if (!value)
      throw new ValidationFailed(
        `output_format: ${model.id} does not make ${fields.output_format}`,
        'output_format',
      );
    body.output_format = value;
  }
  if (imageUrls?.length) {
    if (!('image_urls' in model.request.shape)) {
      throw new ValidationFailed(`model: ${model.id} does not edit images`, 'model');
    }
    body.image_urls = imageUrls;
  }
  return body;
}
