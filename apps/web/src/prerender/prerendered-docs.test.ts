import { describe, expect, it } from 'vitest';
import { isPrerenderedDocsLocation, PRERENDERED_DOCS_EXPRESSION } from './prerendered-docs.ts';

// The inline script of docs.html and src/main.tsx must agree on where the markup is the page.
const inlineTest = new Function('location', `return ${PRERENDERED_DOCS_EXPRESSION}`) as (location: {
  pathname: string;
  search: string;
}) => boolean;

describe('where docs.html is the page', () => {
  it.each([
    ['/docs', '', true],
    ['/docs', '?tab=overview', true],
    ['/docs', '?utm_source=x', true],
    ['/docs', '?tab=video', false],
    ['/docs', '?tab=pricing&x=1', false],
    ['/app/docs', '', false],
    ['/', '', false],
  ])('%s%s: %s', (pathname, search, expected) => {
    expect(isPrerenderedDocsLocation(pathname, search)).toBe(expected);
    expect(inlineTest({ pathname, search })).toBe(expected);
  });
});
