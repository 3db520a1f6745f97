import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScrollHints, useScrollEdges } from './scroll-hint.tsx';

function Strip() {
  const { ref, hidesStart, hidesEnd } = useScrollEdges<HTMLDivElement>();
  return (
    <div className="relative">
      <div ref={ref} data-testid="strip">
        <span>wide content</span>
      </div>
      <ScrollHints hidesStart={hidesStart} hidesEnd={hidesEnd} />
    </div>
  );
}

// jsdom lays nothing out: give the strip a 300 px box over 800 px of content.
const sizes = { clientWidth: 300, scrollWidth: 800 };
beforeEach(() => {
  for (const [name, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
});
afterEach(() => {
  for (const name of Object.keys(sizes))
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
});

const hints = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-scroll-hint]')].map((hint) => hint.getAttribute('data-scroll-hint'));

describe('scroll hints', () => {
  it('mark the end that hides content, then both, then the start only', () => {
    const { container, getByTestId } = render(<Strip />);
    expect(hints(container)).toEqual(['end']);
    const strip = getByTestId('strip');
    strip.scrollLeft = 200;
    fireEvent.scroll(strip);
    expect(hints(container)).toEqual(['start', 'end']);
    strip.scrollLeft = 500;
    fireEvent.scroll(strip);
    expect(hints(container)).toEqual(['start']);
    expect(container.querySelector('[data-scroll-hint]')).toHaveAttribute('aria-hidden', 'true');
  });
});
