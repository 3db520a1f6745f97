import { readFile } from 'node:fs/promises';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"[^>]*>/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;

/** Puts the (small) stylesheet inline so the first paint waits for no second request. */
export async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  let result = html;
  for (const [link, href = ''] of html.matchAll(STYLESHEET_LINK)) {
    const css = await readFile(path.join(outDir, href), 'utf8');
    result = result.replace(link, () => `<style>${css}</style>`);
  }
  return result;
}

/** Module preloads started per task after the first paint (see deferEntryScript). */
const PRELOADS_PER_TASK = 3;

/** Longest wait for the first paint before the scripts start anyway (hidden tabs never paint). */
const FIRST_PAINT_WAIT_MS = 500;

/**
 * On "/" (or wherever `isPrerenderedPath`, a JavaScript expression, holds) the prerendered page is complete without JavaScript, so the app's scripts start only
 * once the first contentful paint is reported: content shows at once and hydration follows.
 * The entry is imported first and the chunks it needs are preloaded a few per task right behind it,
 * so there is no waterfall and no long task.
 * Every other path loads at once.
 */
export function deferEntryScript(html: string, isPrerenderedPath = "location.pathname==='/'"): string {
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry?.[1]) throw new Error('prerender: entry <script type="module"> not found');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  // Each appended link starts a request, about 0.7 ms of main thread apiece unthrottled: forty
  // of them in one task made a long task (over 100 ms at Lighthouse's 4x CPU). A few per task,
  // entry first, keep every task short.
  const loader = [
    'let started=false;',
    `const load=()=>{if(started)return;started=true;import(${JSON.stringify(entry[1])});const hrefs=${JSON.stringify(preloads)};`,
    `const next=()=>{for(const href of hrefs.splice(0,${PRELOADS_PER_TASK})){const l=document.createElement('link');l.rel='modulepreload';l.href=href;document.head.append(l)}if(hrefs.length)setTimeout(next)};setTimeout(next)};`,
    `if(!(${isPrerenderedPath})){load()}else{`,
    "try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true})}catch{}",
    `setTimeout(load,${FIRST_PAINT_WAIT_MS})}`,
  ].join('');
  return html.replace(MODULE_PRELOAD, '').replace(entry[0], () => `<script type="module">${loader}</script>`);
}
