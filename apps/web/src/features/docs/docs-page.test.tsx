import {
  API_ENDPOINTS,
  API_ERRORS,
  API_KEY_PLACEHOLDER,
  API_KEY_PREFIXES,
  CODE_LANGUAGE_LABELS,
  CREDIT_PACKAGES,
  codeExample,
  DEFAULT_LINKEDIN_PRICING,
  formatCents,
  linkedinCredits,
  MODELS_PATH,
  OPENAPI_PATH,
  pythonSdkExample,
  SERVICE_COST,
  TEST_TRIGGERS,
  VideoRequest,
  variantCredits,
  variantsOfModel,
} from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../../test/api-mock.ts';
import { expectCopiedForTwoSeconds, expectCopyFailed, refuseClipboard } from '../../test/copy-checks.ts';
import { modelsAnswer, modelsRoute } from '../../test/model-fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { CODE_LANGUAGE_STORAGE_KEY } from './code-language-store.ts';

const PUBLIC_TABS = [
  'Overview',
  'Authentication',
  'Image API',
  'Video API',
  'Sora Watermark Remover',
  'LinkedIn API',
  'Tasks and prices',
  'Testing',
  'Changelog',
  'Pricing',
];

async function openDocs(path = '/docs', hasFakeTimers = false) {
  const user = userEvent.setup(hasFakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'API reference' });
  return { user, ...view };
}

const codeBlocks = () => screen.getAllByRole('figure');
const codeOf = (figure: HTMLElement) => figure.querySelector('code')?.textContent ?? '';

describe('/docs: tabs', () => {
  it('has exactly the tabs the product names, Overview open, and keeps the open tab in the URL', async () => {
    const { user, router } = await openDocs();
    const tabs = within(screen.getByRole('tablist', { name: 'Documentation sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(PUBLIC_TABS);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Video API' }));
    expect(router.state.location.search).toBe('?tab=video');
    expect(screen.getByRole('tabpanel', { name: 'Video API' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Create a video' })).toBeInTheDocument();
  });

  it('opens the tab named in the URL, and moves between tabs with the arrow keys, Home and End', async () => {
    const { user, router } = await openDocs('/docs?tab=sora');
    const sora = screen.getByRole('tab', { name: 'Sora Watermark Remover' });
    expect(sora).toHaveAttribute('aria-selected', 'true');
    expect(sora).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('tabindex', '-1');

    sora.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'LinkedIn API' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=linkedin');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    expect(router.state.location.search).toBe('');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Pricing' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('reads an unknown tab as Overview', async () => {
    await openDocs('/docs?tab=nothing');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('/docs: content', () => {
  it('Overview gives the base URL (this origin), the OpenAPI link, the webhook headers and every error code', async () => {
    await openDocs();
    expect(screen.getByText(window.location.origin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OPENAPI_PATH })).toHaveAttribute('href', OPENAPI_PATH);
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'Idempotency-Key']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    const errors = within(screen.getByRole('table', { name: 'Error codes' }));
    const rows = errors.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(API_ERRORS.length);
    API_ERRORS.forEach((error, index) => {
      const row = within(rows[index] as HTMLElement);
      expect(row.getByText(String(error.status))).toBeInTheDocument();
      expect(row.getByText(error.code)).toBeInTheDocument();
    });
    expect(document.getElementById('errors')).toContainElement(errors.getByText('RATE_LIMITED'));
  });

  it("builds each endpoint's field table from its zod schema: every field, required, default and limits", async () => {
    await openDocs('/docs?tab=video');
    const table = within(screen.getByRole('table', { name: 'Create a video: body fields' }));
    const rows = table.getAllByRole('row').slice(1);
    const json = z.toJSONSchema(VideoRequest, { io: 'input' });
    expect(rows.map((row) => row.querySelector('code')?.textContent)).toEqual(
      Object.keys(json.properties ?? {}),
    );

    const cellsOf = (name: string) =>
      within(rows.find((row) => row.querySelector('code')?.textContent === name) as HTMLElement);
    // The small labels above each value on phones are aria-hidden: the value itself is the cell.
    expect(cellsOf('prompt').getByRole('cell', { name: 'Required' })).toBeInTheDocument();
    expect(cellsOf('model').getByRole('cell', { name: 'Optional' })).toBeInTheDocument();
    expect(cellsOf('prompt').getByText('1-5,000 characters')).toBeInTheDocument();
    expect(cellsOf('model').getByText('"fast"')).toBeInTheDocument();
    expect(cellsOf('model').getByText('one of standard, fast')).toBeInTheDocument();
    expect(cellsOf('seeds').getByText('10,000-99,999')).toBeInTheDocument();
    expect(cellsOf('enableTranslation').getByText('true')).toBeInTheDocument();
    expect(
      cellsOf('callBackUrl').getByText('Called with a signed POST when the task settles'),
    ).toBeInTheDocument();
  });

  it('shows each endpoint of a service with method, path, cost, an example from codeExample and a link to the error codes', async () => {
    await openDocs('/docs?tab=sora');
    const sora = API_ENDPOINTS.filter((endpoint) => endpoint.tab === 'sora');
    const blocks = codeBlocks();
    expect(blocks).toHaveLength(sora.length);
    sora.forEach((endpoint, index) => {
      const section = within(document.getElementById(endpoint.id) as HTMLElement);
      expect(section.getByText(endpoint.path)).toBeInTheDocument();
      expect(section.getByText(endpoint.cost === 0 ? 'Free' : '1 credit per video')).toBeInTheDocument();
      expect(section.getByRole('link', { name: 'error codes' })).toHaveAttribute('href', '/docs#errors');
      expect(codeOf(blocks[index] as HTMLElement)).toBe(
        codeExample(endpoint, 'curl', { baseUrl: window.location.origin }),
      );
    });
    // Both POST endpoints take the same body; its prefix rule is read from the schema too.
    expect(screen.getAllByText('starts with https://sora.chatgpt.com/')).toHaveLength(2);
  });

  it("an endpoint's error-codes link opens Overview at the error codes", async () => {
    const { user, router } = await openDocs('/docs?tab=image');
    await user.click(
      within(document.getElementById('generateImage') as HTMLElement).getByRole('link', {
        name: 'error codes',
      }),
    );
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe('#errors');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Error codes' })).toHaveAttribute('id', 'errors');
  });

  it('shows every endpoint of the catalogue on one of its tabs', async () => {
    const { user } = await openDocs();
    const shown = new Set<string>();
    for (const name of PUBLIC_TABS) {
      await user.click(screen.getByRole('tab', { name }));
      for (const endpoint of API_ENDPOINTS) if (document.getElementById(endpoint.id)) shown.add(endpoint.id);
    }
    expect([...shown].sort()).toEqual(API_ENDPOINTS.map((endpoint) => endpoint.id).sort());
  });

  it('Authentication names the key header and format and lists the rate limits with their headers', async () => {
    await openDocs('/docs?tab=authentication');
    expect(screen.getByText('cnd_live_...')).toBeInTheDocument();
    const limits = within(screen.getByRole('table', { name: 'Rate limits per tier' }));
    expect(limits.getByRole('row', { name: /Free .* 60 1,000 10,000/ })).toBeInTheDocument();
    expect(limits.getByRole('row', { name: /Pro .* 300 5,000 50,000/ })).toBeInTheDocument();
    for (const header of ['RateLimit', 'RateLimit-Policy', 'Retry-After']) {
      expect(screen.getByText(header)).toBeInTheDocument();
    }
  });

  it('Pricing lists every credit pack with its price', async () => {
    await openDocs('/docs?tab=pricing');
    const packs = within(await screen.findByRole('table', { name: 'Credit packs' }));
    for (const pack of Object.values(CREDIT_PACKAGES)) {
      expect(packs.getByRole('row', { name: new RegExp(`^${pack.label}`) })).toHaveTextContent(
        formatCents(pack.price),
      );
    }
    expect(screen.getByRole('table', { name: 'Cost per call' })).toHaveTextContent('10 credits per video');
    expect(screen.getByRole('link', { name: 'see Models' })).toHaveAttribute(
      'href',
      '/docs?tab=tasks#models',
    );
  });

  it('Tasks and prices lists the models GET /api/provider/models answers: id, price, capabilities, own fields, longest task', async () => {
    mockApi(modelsRoute(modelsAnswer({ prices: { 'kling-2.6': 15 }, disabled: ['wan-2.6'] })));
    await openDocs('/docs?tab=tasks');
    const table = within(await screen.findByRole('table', { name: 'Models' }));
    const row = (id: string) => table.getByText(id, { selector: 'code' }).closest('tr') as HTMLElement;
    expect(table.getAllByRole('row')).toHaveLength(1 + 11);
    expect(table.queryByText('wan-2.6')).not.toBeInTheDocument();
    expect(row('nano-banana')).toHaveTextContent(
      /Nano Banana · default image model.*1 credit.*text-to-image, image-edit/,
    );
    expect(row('fast')).toHaveTextContent(/default video model.*10 credits/);
    const kling = row('kling-2.6');
    expect(kling).toHaveTextContent(/Kling 2\.6.*15 credits.*text-to-video, audio/);
    expect(kling).toHaveTextContent('duration: one of 5, 10; default 5');
    expect(kling).toHaveTextContent('sound: boolean; default false');
    expect(kling).toHaveTextContent('30 minutes');
    expect(kling).not.toHaveTextContent('prompt');
    expect(row('nano-banana-pro')).toHaveTextContent('resolution: one of 1K, 2K, 4K; default "1K"');
    expect(row('imagen4')).toHaveTextContent('10 minutes');
  });

  it("Tasks and prices gives each variant its own price (Kling 2.6 10 s with sound), moved by the operator's price", async () => {
    const operatorPrice = 15;
    mockApi(modelsRoute(modelsAnswer({ prices: { 'kling-2.6': operatorPrice } })));
    await openDocs('/docs?tab=tasks');
    const table = within(await screen.findByRole('table', { name: 'Models' }));
    const priceCell = (id: string) => {
      const row = table.getByText(id, { selector: 'code' }).closest('tr') as HTMLElement;
      return within(row).getAllByRole('cell')[1] as HTMLElement;
    };
    const kling = variantsOfModel('kling-2.6');
    const withSound = kling.find((variant) => variant.when.duration === 10 && variant.when.sound === true);
    if (!withSound) throw new Error('no Kling 2.6 10 s with sound variant in the contracts');
    const soundCredits = variantCredits(withSound, operatorPrice);
    // Dearer upstream, so dearer than the model's (default variant's) price, not that price again.
    expect(soundCredits).toBeGreaterThan(operatorPrice);
    const cell = priceCell('kling-2.6');
    expect(within(cell).getByText(`${operatorPrice} credits`)).toBeInTheDocument();
    expect(within(cell).getByText(`${withSound.label}: ${soundCredits} credits`)).toBeInTheDocument();
    expect(within(cell).getAllByRole('listitem')).toHaveLength(kling.length);
    for (const variant of kling) {
      expect(cell).toHaveTextContent(`${variant.label}: ${variantCredits(variant, operatorPrice)} credits`);
    }
    // A model the operator left alone shows the contracts' default prices of its variants.
    const wan = within(priceCell('wan-2.6'));
    for (const variant of variantsOfModel('wan-2.6')) {
      expect(wan.getByText(`${variant.label}: ${variant.defaultCredits} credits`)).toBeInTheDocument();
    }
    // One price for every body: no variant list.
    expect(variantsOfModel('nano-banana')).toHaveLength(1);
    expect(within(priceCell('nano-banana')).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('Pricing prices LinkedIn by the posts asked for: posts included, posts a further credit, 100 posts', async () => {
    await openDocs('/docs?tab=pricing');
    const { includedPosts, postsPerCredit } = DEFAULT_LINKEDIN_PRICING;
    const hundred = linkedinCredits(100, SERVICE_COST.linkedin, DEFAULT_LINKEDIN_PRICING);
    expect(hundred).toBeGreaterThan(SERVICE_COST.linkedin);
    const paragraph = screen.getByText(/^LinkedIn's price covers/);
    expect(paragraph).toHaveTextContent(`LinkedIn's price covers up to ${includedPosts} posts asked for`);
    expect(paragraph).toHaveTextContent('(limit, or total_posts when lower)');
    expect(paragraph).toHaveTextContent(`each further ${postsPerCredit} posts or part cost 1 credit more`);
    expect(paragraph).toHaveTextContent(`a request for 100 posts costs ${hundred} credits`);
    const costs = within(screen.getByRole('table', { name: 'Cost per call' }));
    expect(costs.getByRole('row', { name: /^LinkedIn/ })).toHaveTextContent(
      `${SERVICE_COST.linkedin} credits per request`,
    );
  });

  it('Tasks and prices offers Retry when the model list cannot be read', async () => {
    let isDown = true;
    mockApi({
      [`GET ${MODELS_PATH}`]: () =>
        isDown ? { status: 404, body: { error: 'Not found' } } : { body: modelsAnswer() },
    });
    const { user } = await openDocs('/docs?tab=tasks');
    await screen.findByText('Could not load the models.');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Models' })).toHaveTextContent('hailuo-02-pro');
  });
});

describe('/docs: code examples', () => {
  it('switches every block on the page to the chosen language and remembers it', async () => {
    const { user } = await openDocs('/docs?tab=image');
    const blocks = codeBlocks();
    expect(blocks.length).toBeGreaterThan(1);
    await user.click(
      within(blocks[1] as HTMLElement).getByRole('button', { name: CODE_LANGUAGE_LABELS.python }),
    );
    const isSdk = (block: HTMLElement) => block.getAttribute('aria-label')?.endsWith('(Python SDK) example');
    for (const block of codeBlocks()) {
      expect(within(block).getByRole('button', { name: 'Python' })).toHaveAttribute('aria-pressed', 'true');
      if (!isSdk(block)) expect(codeOf(block)).toContain('import urllib.request');
    }
    // Under each urllib example, the same call with the Python SDK.
    const imageEndpoints = API_ENDPOINTS.filter((endpoint) => endpoint.tab === 'image');
    expect(codeBlocks().filter(isSdk).map(codeOf)).toEqual(
      imageEndpoints.map((endpoint) => pythonSdkExample(endpoint, { baseUrl: window.location.origin })),
    );
    expect(localStorage.getItem(CODE_LANGUAGE_STORAGE_KEY)).toBe('python');
  });

  it('starts in the remembered language', async () => {
    localStorage.setItem(CODE_LANGUAGE_STORAGE_KEY, 'javascript');
    await openDocs('/docs?tab=linkedin');
    for (const block of codeBlocks()) expect(codeOf(block)).toContain('await fetch(');
  });

  it('highlights the code once the tokenizer chunk has loaded, keeping the text', async () => {
    await openDocs('/docs?tab=image');
    const [first] = codeBlocks();
    const code = (first as HTMLElement).querySelector('code') as HTMLElement;
    await waitFor(() => expect(code.querySelector('span')).not.toBeNull());
    expect(code.textContent).toContain(API_KEY_PLACEHOLDER);
  });

  it("copies the example shown and confirms with 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openDocs('/docs?tab=video', true);
    const block = within(codeBlocks()[0] as HTMLElement);
    expect(screen.getByRole('figure', { name: 'Create a video example' })).toBe(codeBlocks()[0]);
    await user.click(block.getByRole('button', { name: 'Copy the Create a video example' }));
    expect(await navigator.clipboard.readText()).toBe(codeOf(codeBlocks()[0] as HTMLElement));
    await expectCopiedForTwoSeconds(block);
  });

  it("says 'Failed to copy to clipboard' when the browser refuses", async () => {
    const { user } = await openDocs('/docs?tab=video');
    refuseClipboard();
    const block = within(codeBlocks()[0] as HTMLElement);
    await user.click(block.getByRole('button', { name: 'Copy the Create a video example' }));
    await expectCopyFailed(block);
  });
});

describe('/docs: Python, AI agents and the command line', () => {
  it('shows the SDK, the MCP server and the CLI with this server and the key placeholder', async () => {
    await openDocs();
    const section = screen.getByRole('region', { name: 'Python, AI agents and the command line' });
    const snippet = (name: string) => codeOf(within(section).getByRole('figure', { name }));
    expect(snippet('Python SDK')).toContain(
      `Conduit(api_key="${API_KEY_PLACEHOLDER}", base_url="${window.location.origin}")`,
    );
    expect(JSON.parse(snippet('MCP server')).mcpServers.conduit).toEqual({
      // The command `npm run tools:install` installs (the package is not on the registry yet).
      command: 'conduit-mcp',
      env: { CONDUIT_API_KEY: API_KEY_PLACEHOLDER, CONDUIT_BASE_URL: window.location.origin },
    });
    // Not on the registry yet: the command that works from a clone, and no registry install line.
    expect(snippet('Command line')).toContain('npm run tools:install');
    expect(snippet('Command line')).not.toContain('npm install -g');
    expect(snippet('Command line')).toContain('conduit image "a fox in the snow" --size 16:9 --out fox.png');
  });
});

describe('/docs: changelog', () => {
  it('names the current API version, the versioning policy and each change, newest first', async () => {
    const { user } = await openDocs('/docs');
    await user.click(screen.getByRole('tab', { name: 'Changelog' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Changelog' });
    expect(await within(panel).findByRole('heading', { level: 2, name: 'API versions' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('The current version is 2026-12-01');
    expect(panel).toHaveTextContent('Conduit-Version');
    expect(panel).toHaveTextContent('keeps answering for at least 12 months');
    expect(within(panel).getByRole('heading', { level: 3, name: '2026-12-01' })).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
  });
});

describe('/docs: testing', () => {
  it('shows Testing your integration with one row per test trigger of the contracts', async () => {
    const { user } = await openDocs('/docs');
    await user.click(screen.getByRole('tab', { name: 'Testing' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Testing' });
    expect(
      await within(panel).findByRole('heading', { level: 2, name: 'Testing your integration' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent(API_KEY_PREFIXES.test);
    const table = within(panel).getByRole('table', { name: 'Test triggers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('code')?.textContent)).toEqual(
      TEST_TRIGGERS.map((trigger) => trigger.marker),
    );
  });
});
