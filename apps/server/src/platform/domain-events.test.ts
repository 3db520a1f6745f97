import { describe, expect, it } from 'vitest';
import { defineDomainEvent, MissingSubscriber } from './domain-events.ts';

describe('domain events', () => {
  it('runs every subscriber in the order they subscribed, awaiting each', async () => {
    const event = defineDomainEvent<{ seen: string[] }>('sample.ordered');
    event.subscribe('first', async ({ seen }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push('first');
    });
    event.subscribe('second', async ({ seen }) => {
      seen.push('second');
    });
    const seen: string[] = [];
    await event.publish({ seen });
    expect(seen).toEqual(['first', 'second']);
  });

  it('subscribing again under the same key replaces the handler instead of running it twice', async () => {
    const event = defineDomainEvent<{ seen: string[] }>('sample.replaced');
    event.subscribe('only', async ({ seen }) => void seen.push('old'));
    event.subscribe('only', async ({ seen }) => void seen.push('new'));
    const seen: string[] = [];
    await event.publish({ seen });
    expect(seen).toEqual(['new']);
  });

  it('fails the publish when a subscriber throws, and when nobody subscribed', async () => {
    const failing = defineDomainEvent<object>('sample.failing');
    failing.subscribe('boom', async () => {
      throw new Error('boom');
    });
    await expect(failing.publish({})).rejects.toThrow('boom');
    await expect(defineDomainEvent<object>('sample.unheard').publish({})).rejects.toBeInstanceOf(
      MissingSubscriber,
    );
  });
});
