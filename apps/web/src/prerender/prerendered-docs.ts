import { ROUTES } from '@conduit/contracts';

/**
 * /docs is prerendered like the landing (docs/decisions/0004-prerendered-landing.md), into
 * dist/docs.html, which the server answers for /docs. The markup is the Overview tab, so it is the
 * page only where Overview is open: no `tab` parameter, or `tab=overview`.
 */
export const DOCS_PAGE_FILE = 'docs.html';
export const DOCS_PRERENDER_URL = ROUTES.docs;

export function isPrerenderedDocsLocation(pathname: string, search: string): boolean {
  const tab = new URLSearchParams(search).get('tab');
  return pathname === ROUTES.docs && (tab === null || tab === 'overview');
}

/** The same test as a script expression, for the inline scripts of docs.html that run before the app. */
export const PRERENDERED_DOCS_EXPRESSION = `(location.pathname===${JSON.stringify(ROUTES.docs)}&&['','overview'].indexOf(new URLSearchParams(location.search).get('tab')||'')>=0)`;
