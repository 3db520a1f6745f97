import { NOTIFICATION_DEFAULT_DURATION_MS, NOTIFICATION_EXIT_MS } from '@conduit/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type NotificationInput, useNotify } from './notification-context.ts';
import { NotificationProvider } from './notification-provider.tsx';

function Trigger({ input }: { input: NotificationInput }) {
  const { notify } = useNotify();
  return (
    <button type="button" onClick={() => notify(input)}>
      Notify
    </button>
  );
}

function show(input: NotificationInput) {
  render(
    <NotificationProvider>
      <Trigger input={input} />
    </NotificationProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows title and message in the live region', () => {
    show({ type: 'success', title: 'Saved', message: 'Your key was created' });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Saved');
    expect(region).toHaveTextContent('Your key was created');
  });

  it('closes after the default 5000 ms plus the 300 ms exit animation', () => {
    show({ message: 'Hello' });
    advance(NOTIFICATION_DEFAULT_DURATION_MS - 1);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    advance(1);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    advance(NOTIFICATION_EXIT_MS - 1);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    show({ message: 'Quick', duration: 1000 });
    advance(1000 + NOTIFICATION_EXIT_MS - 1);
    expect(screen.getByText('Quick')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
  });

  it.each([0, -1])('stays open with duration %i until closed', (duration) => {
    show({ message: 'Sticky', duration });
    advance(60_000);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    advance(NOTIFICATION_EXIT_MS - 1);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
  });

  it('marks a leaving notification with the exit animation', () => {
    show({ type: 'error', message: 'Failed' });
    advance(NOTIFICATION_DEFAULT_DURATION_MS);
    expect(screen.getByRole('alert')).toHaveClass('animate-toast-out');
  });
});
