import { MESSAGES } from '@conduit/contracts';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error.tsx';

function Broken(): never {
  throw new Error('Widget exploded');
}

describe('route error element', () => {
  it('shows the exact error text with the error message and a link home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteError }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: MESSAGES.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText('Widget exploded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
