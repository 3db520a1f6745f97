import { vi } from 'vitest';

/**
 * jsdom has no EventSource: this one stands in for the browser's, and the test plays the server
 * (`open`, `emit`, `drop`, `refuse`). Playwright runs the real one against the real server.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;

  constructor(url: string | URL, init?: EventSourceInit) {
    super();
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }

  /** The connection dropped: the browser reconnects by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }

  /** The server answered something other than a stream (401, 429, 503): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }

  /** The latest stream the page opened (and has not closed). */
  static current(): FakeEventSource {
    const open = FakeEventSource.instances.filter((source) => source.readyState !== FakeEventSource.CLOSED);
    const latest = open.at(-1);
    if (!latest) throw new Error('the page opened no event stream');
    return latest;
  }
}

export function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
