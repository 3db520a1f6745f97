import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRODUCT_NAME } from '@conduit/contracts';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import {
  DOCS_PAGE_FILE,
  DOCS_PRERENDER_URL,
  PRERENDERED_DOCS_EXPRESSION,
} from '../src/prerender/prerendered-docs.ts';
import { deferEntryScript, inlineStylesheets } from './html-postprocess.ts';

const SSR_ENTRY = 'src/prerender/render-landing.tsx';
const ROOT_PLACEHOLDER = '<div id="root"></div>';

/**
 * After the client build, renders the landing route to static HTML inside dist/index.html,
 * inlines the stylesheet and defers the scripts, so the first paint waits for neither
 * JavaScript nor a second request.
 * The client hydrates it on "/" and renders from scratch on every other path (see src/main.tsx).
 */
export function prerenderLandingPlugin(): Plugin {
  let config: ResolvedConfig;
  let docsChunks: string[] = [];
  return {
    name: 'conduit:prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      if (!config.build.ssr) docsChunks = chunksOf(bundle, DOCS_ROUTE_MODULE);
    },
    async closeBundle() {
      if (config.build.ssr) return;
      // Inside the project so the bundle's bare imports (react, react-router) resolve.
      const ssrOutDir = path.join(config.root, 'node_modules/.cache/conduit-prerender');
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: SSR_ENTRY, outDir: ssrOutDir, emptyOutDir: true, copyPublicDir: false },
      });
      const entry = pathToFileURL(path.join(ssrOutDir, 'render-landing.js')).href;
      const { renderLanding, renderWaitlistLanding, renderDocs } = (await import(entry)) as {
        renderLanding: () => Promise<string>;
        renderWaitlistLanding: () => Promise<string>;
        renderDocs: () => Promise<string>;
      };
      const outDir = path.resolve(config.root, config.build.outDir);
      const indexPath = path.join(outDir, 'index.html');
      const template = await readFile(indexPath, 'utf8');
      if (!template.includes(ROOT_PLACEHOLDER)) throw new Error(`prerender: ${ROOT_PLACEHOLDER} not found`);
      const appHtml = await renderLanding();
      const page = template.replace(
        ROOT_PLACEHOLDER,
        () => `<div id="root" data-prerendered>${appHtml}</div>`,
      );
      await writeFile(indexPath, deferEntryScript(await inlineStylesheets(page, outDir)));
      await writeFile(
        path.join(outDir, 'waitlist.html'),
        await renderWaitlistPage(template, await renderWaitlistLanding(), outDir),
      );
      await writeFile(
        path.join(outDir, DOCS_PAGE_FILE),
        await renderDocsPage(template, await renderDocs(), outDir, docsChunks),
      );
      await rm(ssrOutDir, { recursive: true, force: true });
    },
  };
}

/** Paths where waitlist.html's prerendered landing is not the page (src/features/waitlist/waitlist-site.ts). */
const WAITLIST_OWN_PAGES = JSON.stringify(['/waitlist/verify', '/waitlist/status']);

/**
 * waitlist.html: the waitlist landing prerendered, served for every page in WAITLIST_MODE
 * (docs/waitlist.md). `data-site="waitlist"` tells the client which route table to use before any
 * request, and the landing shows (and hydrates) on every path but the waitlist's own pages.
 */
async function renderWaitlistPage(template: string, appHtml: string, outDir: string): Promise<string> {
  const isLandingPath = `${WAITLIST_OWN_PAGES}.indexOf(location.pathname)<0`;
  const page = template
    .replace('<html ', '<html data-site="waitlist" ')
    .replace(
      '</head>',
      () => `<script>if(${isLandingPath})delete document.documentElement.dataset.spaPath</script></head>`,
    )
    .replace(ROOT_PLACEHOLDER, () => `<div id="root" data-prerendered>${appHtml}</div>`);
  return deferEntryScript(await inlineStylesheets(page, outDir), isLandingPath);
}

const TITLE = /<title>[^<]*<\/title>/;
const DOCS_ROUTE_MODULE = 'src/routes/docs-route.tsx';

/** The files of a module's chunk and of every chunk it imports statically, as absolute paths. */
function chunksOf(bundle: Rollup.OutputBundle, modulePath: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(modulePath));
  if (!start) throw new Error(`prerender: no chunk for ${modulePath}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [])
      visit(imported);
  };
  visit(start.fileName);
  return [...files].map((fileName) => `/${fileName}`);
}

/**
 * docs.html: /docs prerendered (its Overview tab), served for /docs so the reference paints before
 * any script runs, like the landing. `data-prerendered="/docs"` tells src/main.tsx which page the
 * markup is; on another tab of /docs the markup stays hidden and the app renders from scratch.
 */
async function renderDocsPage(
  template: string,
  appHtml: string,
  outDir: string,
  routeChunks: string[],
): Promise<string> {
  if (!TITLE.test(template)) throw new Error('prerender: <title> not found');
  // The docs route is lazy, and hydration waits for it: fetch its chunks with the entry's.
  const preloaded = new Set(
    [...template.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  );
  const routePreloads = routeChunks
    .filter((href) => !preloaded.has(href))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
    .join('');
  const page = template
    .replace(TITLE, () => `<title>Documentation - ${PRODUCT_NAME}</title>`)
    .replace(
      '</head>',
      () =>
        `${routePreloads}<script>if(${PRERENDERED_DOCS_EXPRESSION})delete document.documentElement.dataset.spaPath</script></head>`,
    )
    .replace(
      ROOT_PLACEHOLDER,
      () => `<div id="root" data-prerendered="${DOCS_PRERENDER_URL}">${appHtml}</div>`,
    );
  return deferEntryScript(await inlineStylesheets(page, outDir), PRERENDERED_DOCS_EXPRESSION);
}
