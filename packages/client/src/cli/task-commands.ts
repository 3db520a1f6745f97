import { type ImageModelInput, SERVICES, type Service, type VideoModelInput } from '@conduit/contracts';
import { type AnyTaskAnswer, readTask } from '../read-task.ts';
import {
  argument,
  type CommandContext,
  type CommandSpec,
  list,
  type OptionSpec,
  oneOf,
  text,
  UsageError,
  whole,
} from './command-spec.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { flagChoices, modelBody, modelHelp, modelOption, paramOption } from './model-options.ts';

const urlsOf = (answer: AnyTaskAnswer): string[] => {
  const data = answer.data as { videoUrls?: string[]; resultUrls?: string[] };
  return data.videoUrls ?? data.resultUrls ?? [];
};

/** Shared by the task commands: wait if asked (progress on stderr), print, download, exit code. */
async function finishTask(
  { input, io, client }: CommandContext,
  service: Service,
  first: AnyTaskAnswer,
  wait: boolean,
): Promise<number> {
  let answer = first;
  if (wait && answer.data.status === 'processing') {
    const timeoutS = whole(input, 'timeout') ?? 600;
    answer = await client().waitForTask(answer.data.taskId, service, {
      intervalMs: 1_000,
      timeoutMs: timeoutS * 1000,
      onUpdate: (update, elapsedMs) =>
        io.err(`${service} ${update.data.taskId}: ${update.data.status} (${Math.round(elapsedMs / 1000)} s)`),
    });
  }
  const { data } = answer;
  if (input.values.json) io.out(JSON.stringify(data, null, 2));
  if (data.status === 'failed') {
    io.err(`${service} ${data.taskId} failed: ${data.error ?? 'unknown error'} (credits refunded)`);
    return EXIT_CODES.taskFailed;
  }
  if (data.status === 'processing') {
    if (!input.values.json) io.out(data.taskId);
    io.err(`${service} ${data.taskId} is processing: check it with \`conduit task ${data.taskId}\``);
    return wait ? EXIT_CODES.stillProcessing : EXIT_CODES.ok;
  }
  const urls = urlsOf(answer);
  if (!input.values.json) for (const url of urls) io.out(url);
  io.err(`${service} ${data.taskId} completed: ${data.creditsUsed} credit(s)`);
  const out = text(input, 'out');
  if (out && urls[0]) {
    const saved = await client().saveFile(urls[0], out);
    io.err(`saved ${saved.path} (${saved.bytes} bytes)`);
  }
  return EXIT_CODES.ok;
}

const paid = (input: CommandContext['input']) => ({ idempotencyKey: text(input, 'idempotency-key') });

const METADATA: OptionSpec = {
  type: 'string',
  multiple: true,
  value: 'KEY=VALUE',
  help: 'metadata of the call (repeat for more keys): echoed on the task, summed by `conduit usage --group-by KEY`',
};
/** `--metadata customer=acme --metadata plan=pro` as the body's metadata (none: left out). */
function metadataOf(input: CommandContext['input']): { metadata?: Record<string, string> } {
  const pairs = list(input, 'metadata');
  if (!pairs?.length) return {};
  const metadata: Record<string, string> = {};
  for (const pair of pairs) {
    const cut = pair.indexOf('=');
    if (cut < 1) throw new UsageError(`--metadata must be KEY=VALUE, not ${JSON.stringify(pair)}`);
    metadata[pair.slice(0, cut)] = pair.slice(cut + 1);
  }
  return { metadata };
}

const OUT: OptionSpec = {
  type: 'string',
  short: 'o',
  value: 'FILE',
  help: 'save the first result file here',
};
const IDEMPOTENCY: OptionSpec = {
  type: 'string',
  value: 'KEY',
  help: 'repeating the command with the same key and input is charged once',
};
const IMAGE_URL: OptionSpec = { type: 'string', multiple: true, value: 'URL', help: 'a reference image' };
const IMAGE_FILE: OptionSpec = {
  type: 'string',
  multiple: true,
  value: 'PATH',
  help: 'a reference image on disk: uploaded first (POST /api/provider/files), then sent as its URL',
};

/**
 * The image and video commands: the body from the flags (the model's fields, the prompt, the
 * metadata) with each `--image` file uploaded and added to its image URLs field, the call, and
 * finishTask.
 */
async function runModelCall(
  context: CommandContext,
  service: 'image' | 'video',
  wait: boolean,
): Promise<number> {
  const { input, client } = context;
  const body = await withUploadedImages(
    context,
    { ...modelBody(input, service, argument(input, 'prompt')), ...metadataOf(input) },
    service,
  );
  const answer =
    service === 'image'
      ? await client().generateImage(body as ImageModelInput, paid(input))
      : await client().createVideo(body as VideoModelInput, paid(input));
  return finishTask(context, service, answer, wait);
}

/** The body with each `--image` file uploaded and added to its image URLs field. */
async function withUploadedImages(
  context: CommandContext,
  body: Record<string, unknown>,
  service: 'image' | 'video',
): Promise<Record<string, unknown>> {
  const paths = context.input.values.image as string[] | undefined;
  if (!paths?.length) return body;
  const urls = await context.client().resolveInputs(paths);
  for (const url of urls) context.io.err(`uploaded ${url.split('?')[0]}`);
  // The Veo body (the default video models) calls them imageUrls; every other body image_urls.
  const isVeo = service === 'video' && ['', 'fast', 'standard'].includes(String(body.model ?? ''));
  const field = isVeo ? 'imageUrls' : 'image_urls';
  const existing = (body[field] as string[] | undefined) ?? [];
  return { ...body, [field]: [...existing, ...urls] };
}
const WAIT: OptionSpec = { type: 'boolean', help: 'wait for the task to settle, with progress on stderr' };
const TIMEOUT: OptionSpec = {
  type: 'string',
  value: 'SECONDS',
  help: 'with --wait: give up after this long (600)',
};

export const TASK_COMMANDS: Record<string, CommandSpec> = {
  image: {
    args: '<prompt>',
    summary: 'Generate an image and print its URL (waits for it)',
    options: {
      model: modelOption('image'),
      size: {
        type: 'string',
        value: 'RATIO',
        choices: flagChoices('image', 'size'),
        help: 'aspect ratio, e.g. 16:9 (image_size, or the aspect_ratio of a model that has one)',
      },
      format: {
        type: 'string',
        value: 'TYPE',
        choices: flagChoices('image', 'format'),
        help: 'file type of the result (output_format): png or jpeg',
      },
      'image-url': IMAGE_URL,
      image: IMAGE_FILE,
      param: paramOption('image'),
      metadata: METADATA,
      out: OUT,
      'idempotency-key': IDEMPOTENCY,
    },
    examples: [
      'conduit image "a fox in the snow" --size 16:9 --out fox.png',
      'conduit image "a fox in the snow" --model seedream-4.5 --param quality=high',
      'conduit image "give the cat a hat" --image ./cat.png --out hat.png',
      'conduit image "a logo" --metadata customer=acme --metadata plan=pro',
    ],
    details: () => modelHelp('image'),
    run: (context) => runModelCall(context, 'image', true),
  },
  video: {
    args: '<prompt>',
    summary: 'Start a video; prints its task id, or with --wait its URL',
    options: {
      model: modelOption('video'),
      'aspect-ratio': {
        type: 'string',
        value: 'RATIO',
        choices: flagChoices('video', 'aspect-ratio'),
        help: 'aspect ratio, e.g. 16:9 (aspectRatio of Veo, aspect_ratio of the others)',
      },
      'image-url': IMAGE_URL,
      image: IMAGE_FILE,
      param: paramOption('video'),
      metadata: METADATA,
      wait: WAIT,
      timeout: TIMEOUT,
      out: OUT,
      'idempotency-key': IDEMPOTENCY,
    },
    examples: [
      'conduit video "a drone over green hills" --aspect-ratio 16:9 --wait --out hills.mp4',
      'conduit video "waves at night" --model kling-2.6 --param duration=10 --param sound=true --wait',
    ],
    details: () => modelHelp('video'),
    run: (context) => runModelCall(context, 'video', Boolean(context.input.values.wait)),
  },
  models: {
    args: '',
    summary: 'List the enabled image and video models with their prices',
    options: {},
    examples: ['conduit models', 'conduit models --json'],
    async run({ input, io, client }) {
      // Public: works before `conduit login`, with the key when there is one.
      const { data } = await client({ keyOptional: true }).listModels();
      if (input.values.json) {
        io.out(JSON.stringify(data, null, 2));
        return EXIT_CODES.ok;
      }
      // The default body's price, then each body value that prices otherwise: "10s-sound 26".
      const others = (model: (typeof data)[number]) =>
        (model.variants ?? [])
          .slice(1)
          .map((variant) => `${variant.variant} ${variant.credits}`)
          .join(', ');
      const rows = data.map((model) => [
        model.id,
        model.service,
        `${model.credits} credit${model.credits === 1 ? '' : 's'}`,
        `${model.name}${model.isDefault ? ' (default)' : ''}${others(model) ? `; also ${others(model)}` : ''}`,
      ]);
      const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
      for (const row of rows)
        io.out(row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell)).join('  '));
      io.err(`${data.length} models; \`conduit help image\` and \`conduit help video\` show their fields`);
      return EXIT_CODES.ok;
    },
  },
  sora: {
    args: '<share-link>',
    summary: "Remove the watermark from a Sora share link and print the clean video's URL",
    options: { metadata: METADATA, out: OUT, 'idempotency-key': IDEMPOTENCY },
    examples: ['conduit sora https://sora.chatgpt.com/p/s_... --out clean.mp4'],
    async run(context) {
      const answer = await context
        .client()
        .removeSoraWatermarkSync(
          { video_url: argument(context.input, 'Sora share link'), ...metadataOf(context.input) },
          paid(context.input),
        );
      return finishTask(context, 'sora', answer, true);
    },
  },
  linkedin: {
    args: '<username>',
    summary: 'A LinkedIn profile and a page of its posts, as JSON',
    options: {
      limit: { type: 'string', value: 'N', help: 'posts per page (3)' },
      page: { type: 'string', value: 'N', help: 'page number (1)' },
      'page-token': { type: 'string', value: 'TOKEN', help: 'the pagination_token of the previous page' },
      'total-posts': { type: 'string', value: 'N', help: 'posts in all' },
      metadata: METADATA,
      'idempotency-key': IDEMPOTENCY,
    },
    examples: ['conduit linkedin satyanadella --limit 5'],
    async run({ input, io, client }) {
      const answer = await client().scrapeLinkedin(
        {
          username: argument(input, 'profile username'),
          limit: whole(input, 'limit'),
          page_number: whole(input, 'page'),
          pagination_token: text(input, 'page-token'),
          total_posts: whole(input, 'total-posts'),
          ...metadataOf(input),
        },
        paid(input),
      );
      const { profile, posts, pagination_token } = answer.data;
      io.out(JSON.stringify(input.values.json ? answer.data : { profile, posts, pagination_token }, null, 2));
      io.err(
        `linkedin ${answer.data.taskId}: ${posts?.length ?? 0} post(s), ${answer.data.creditsUsed} credit(s)`,
      );
      return EXIT_CODES.ok;
    },
  },
  balance: {
    args: '',
    summary: 'Print the credit balance (and the tier and requests left on stderr)',
    options: {},
    async run({ input, io, client }) {
      const { data } = await client().getAccount();
      if (input.values.json) io.out(JSON.stringify(data, null, 2));
      else {
        io.out(String(data.balance));
        io.err(
          `${data.balance} credits; ${data.tier} tier, ${data.remaining.minute}/${data.limits.perMinute} requests left this minute`,
        );
      }
      return EXIT_CODES.ok;
    },
  },
  usage: {
    args: '',
    summary: 'Calls and credits spent, grouped by the value of one metadata key',
    options: {
      'group-by': { type: 'string', value: 'KEY', help: 'the metadata key to group by (required)' },
      from: { type: 'string', value: 'DATE', help: 'calls from this date or date-time' },
      to: {
        type: 'string',
        value: 'DATE',
        help: 'calls up to this date (included) or before this date-time',
      },
      service: { type: 'string', choices: SERVICES, help: 'only this service' },
    },
    examples: [
      'conduit usage --group-by customer --from 2026-12-01',
      'conduit usage --group-by customer --json',
    ],
    async run({ input, io, client }) {
      const key = text(input, 'group-by');
      if (!key) throw new UsageError('Missing --group-by KEY');
      const { data } = await client().getUsage({
        groupBy: `metadata.${key}`,
        from: text(input, 'from'),
        to: text(input, 'to'),
        service: oneOf(input, 'service', SERVICES),
      });
      if (input.values.json) {
        io.out(JSON.stringify(data, null, 2));
        return EXIT_CODES.ok;
      }
      const rows = data.map((row) => [row.value ?? '(none)', String(row.calls), String(row.credits)]);
      const header = [key, 'calls', 'credits'];
      const widths = [0, 1].map((column) =>
        Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
      );
      for (const row of [header, ...rows])
        io.out(row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell)).join('  '));
      const credits = data.reduce((sum, row) => sum + row.credits, 0);
      io.err(`${data.length} value(s), ${credits} credit(s) in all`);
      return EXIT_CODES.ok;
    },
  },
  task: {
    args: '<task-id>',
    summary: 'Read a task (any service); --wait waits for it to settle',
    options: {
      service: { type: 'string', choices: SERVICES, help: 'the service, to ask only its endpoint' },
      wait: WAIT,
      timeout: TIMEOUT,
      out: OUT,
    },
    examples: ['conduit task task_abc123 --wait --out result.mp4'],
    async run(context) {
      const { input } = context;
      const service = oneOf(input, 'service', SERVICES);
      const found = await readTask(context.client(), argument(input, 'task id'), service);
      return finishTask(context, found.service, found.answer, Boolean(input.values.wait));
    },
  },
};
