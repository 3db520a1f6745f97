import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  API_ENDPOINTS,
  answerExamples,
  CODE_LANGUAGES,
  type CodeLanguage,
  codeExample,
  exampleTaskData,
  findEndpoint,
  linkedinNextPageExample,
  SERVICE_COST,
  type Service,
  type TaskStatus,
} from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { compileComponent, type OpenApiOperation } from '../../../test/openapi-schemas.ts';
import { createPaidAccount, ledgerCheck, type PaidAccount } from '../../../test/paid-account.ts';
import { slowVideoRuntime } from '../../../test/runtime-with-inbox.ts';
import { buildOpenApiDocument } from './build-openapi.ts';

const run = promisify(execFile);
const EXAMPLE_TIMEOUT_MS = 150_000;

/** How each language's example is run: exactly as the docs show it, nothing added. */
const RUNNERS: Record<CodeLanguage, (code: string) => [string, string[]]> = {
  curl: (code) => ['sh', ['-c', code]],
  javascript: (code) => [process.execPath, ['--input-type=module', '-e', code]],
  python: (code) => ['python3', ['-c', code]],
};

async function isOnPath(command: string) {
  return run('sh', ['-c', `command -v ${command}`]).then(
    () => true,
    () => false,
  );
}

/** curl prints the body; the JavaScript and Python examples print the status, then the body. */
interface PrintedAnswer {
  success?: boolean;
  data: {
    taskId?: string;
    status?: string;
    creditsUsed?: number;
    creditsRefunded?: number;
    posts?: { id: string }[];
    pagination_token?: string | null;
  };
}

function parseOutput(language: CodeLanguage, stdout: string): { status?: number; body: PrintedAnswer } {
  if (language === 'curl') return { body: JSON.parse(stdout) };
  const match = /^(\d{3}) ([\s\S]*)$/.exec(stdout.trim());
  if (!match) throw new Error(`Unexpected output: ${stdout}`);
  return { status: Number(match[1]), body: JSON.parse(match[2] ?? '') };
}

// The local engine on a server listening on a real port, as a developer's machine runs it.
// Its video takes minutes, so the cancel example finds the video of the earlier example still running.
const server = slowVideoRuntime();

const hasPython = await isOnPath('python3');

describe.each(CODE_LANGUAGES.map((language) => [language]))('the %s examples', (language) => {
  const isSkipped = language === 'python' && !hasPython;
  if (isSkipped) console.warn('Skipping the Python examples: python3 is not on PATH.');

  it.skipIf(isSkipped)(
    'run as written against the server, answer success and charge the documented cost',
    async () => {
      const account: PaidAccount = await createPaidAccount(server.runtime.services, { credits: 100 });
      const document = buildOpenApiDocument({ serverUrl: server.baseUrl });
      const balanceOf = async () => (await ledgerCheck(server.runtime.services, account.userId)).balance;
      const taskIds = new Map<string, string>();
      const startBalance = await balanceOf();
      let charged = 0;
      let refunded = 0;
      let firstPage: PrintedAnswer['data'] | undefined;

      for (const endpoint of API_ENDPOINTS) {
        const taskId = endpoint.statusOf ? taskIds.get(findEndpoint(endpoint.statusOf).id) : undefined;
        if (endpoint.statusOf) expect(taskId, `${endpoint.statusOf} ran before ${endpoint.id}`).toBeDefined();
        const code = codeExample(endpoint, language, {
          baseUrl: server.baseUrl,
          apiKey: account.key,
          taskId,
        });
        const before = await balanceOf();
        const [command, args] = RUNNERS[language](code);
        const { stdout } = await run(command, args, { timeout: EXAMPLE_TIMEOUT_MS });
        const { status, body } = parseOutput(language, stdout);

        const context = `${endpoint.id} (${language}): ${stdout}`;
        if (status !== undefined) expect([200, 202], context).toContain(status);
        expect(body.success, context).toBe(true);
        const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as OpenApiOperation;
        const validate = compileComponent(
          document,
          operation.responses[200]?.content?.['application/json']?.schema,
        );
        expect(validate(body), `${context}\n${JSON.stringify(validate.errors)}`).toBe(true);
        // The cancel example cancels the video example's task: refunded in full, at once.
        const refund = endpoint.mode === 'cancel' ? SERVICE_COST.video : 0;
        if (endpoint.mode === 'cancel') expect(body.data.creditsRefunded, context).toBe(refund);
        refunded += refund;
        expect(await balanceOf(), context).toBe(before - endpoint.cost + refund);
        const taskCost = endpoint.statusOf ? findEndpoint(endpoint.statusOf).cost : endpoint.cost;
        if (['sync', 'async', 'status', 'task'].includes(endpoint.mode))
          expect(body.data.creditsUsed, context).toBe(taskCost);
        if (body.data.taskId) taskIds.set(endpoint.id, body.data.taskId);
        if (endpoint.id === 'scrapeLinkedin') firstPage = body.data;
        if (endpoint.statusOf) expect(body.data.taskId).toBe(taskId);
        // The docs' sample answer in the same state has exactly the fields the server sent.
        const sample = answerExamples(endpoint, server.baseUrl).find(
          (example) => (example.body.data as { status?: unknown }).status === body.data.status,
        );
        // A list's page has as many items as there were requests or tasks: its items are compared, a
        // task with the sample its service's status endpoint shows in the same state.
        const sampleData = sample?.body.data;
        if (Array.isArray(sampleData)) {
          for (const item of body.data as Record<string, unknown>[]) {
            const itemSample =
              endpoint.mode === 'list'
                ? exampleTaskData(item.service as Service, item.status as TaskStatus, server.baseUrl)
                : sampleData[0];
            expect(Object.keys(item).sort(), context).toEqual(Object.keys(itemSample ?? {}).sort());
          }
        } else if (sampleData)
          expect(Object.keys(body.data).sort(), context).toEqual(Object.keys(sampleData).sort());
        charged += endpoint.cost;
      }

      expect(charged).toBe(API_ENDPOINTS.reduce((sum, endpoint) => sum + endpoint.cost, 0));
      expect(await balanceOf()).toBe(startBalance - charged + refunded);

      // Step 2 of the Examples tab's LinkedIn flow, with step 1's token where the docs show the placeholder.
      const token = firstPage?.pagination_token;
      expect(token, 'the first page answers a pagination_token').toEqual(expect.any(String));
      const nextPageCode = codeExample(linkedinNextPageExample(token as string), language, {
        baseUrl: server.baseUrl,
        apiKey: account.key,
      });
      const [command, args] = RUNNERS[language](nextPageCode);
      const { stdout } = await run(command, args, { timeout: EXAMPLE_TIMEOUT_MS });
      const { body: nextPage } = parseOutput(language, stdout);
      expect(nextPage.success, stdout).toBe(true);
      const firstIds = new Set(firstPage?.posts?.map((post) => post.id));
      expect(nextPage.data.posts?.length, stdout).toBeGreaterThan(0);
      expect(nextPage.data.posts?.filter((post) => firstIds.has(post.id))).toEqual([]);
      expect(await balanceOf()).toBe(startBalance - charged + refunded - SERVICE_COST.linkedin);
    },
    EXAMPLE_TIMEOUT_MS * 2,
  );
});
