/**
 * Typed in-process domain events: how a lower module causes something in a higher one without
 * importing it (docs/architecture.md, "Layers"). The lower module defines the event and publishes
 * it; the higher one subscribes at start (`subscribeDomainEvents`, `apps/server/src/domain-subscribers.ts`).
 * Handlers run one after another, awaited by `publish`: an event published inside a transaction
 * carries it in its payload, so what the subscribers write commits or rolls back with the
 * publisher's work, and a handler that throws fails the publish (and so the transaction).
 */
export interface DomainEvent<Payload> {
  readonly name: string;
  /** Adds (or, under the same key, replaces) a handler: subscribing twice does not run it twice. */
  subscribe(key: string, handler: (payload: Payload) => Promise<void>): void;
  /** Runs every handler in the order they subscribed; an event nobody subscribed to is an error. */
  publish(payload: Payload): Promise<void>;
}

export class MissingSubscriber extends Error {
  constructor(name: string) {
    super(`domain event ${name} has no subscriber: call subscribeDomainEvents() at start`);
    this.name = 'MissingSubscriber';
  }
}

export function defineDomainEvent<Payload>(name: string): DomainEvent<Payload> {
  const handlers = new Map<string, (payload: Payload) => Promise<void>>();
  return {
    name,
    subscribe(key, handler) {
      handlers.set(key, handler);
    },
    async publish(payload) {
      if (handlers.size === 0) throw new MissingSubscriber(name);
      for (const handler of handlers.values()) await handler(payload);
    },
  };
}
