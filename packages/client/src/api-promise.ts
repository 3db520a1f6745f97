import type { RawAnswer } from './transport.ts';

/**
 * What every method returns: a Promise of the parsed answer that can also give the raw answer,
 * as openai-node's APIPromise does: `await client.getAccount()` is the body;
 * `await client.getAccount().withResponse()` is `{ data, response, requestId }` (status, headers).
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #raw: Promise<RawAnswer<T>>;
  #parsed: Promise<T> | undefined;

  constructor(raw: Promise<RawAnswer<T>>) {
    // The executor's value is never read: then/catch/finally below delegate to the raw answer.
    super((resolve) => resolve(undefined as T));
    this.#raw = raw;
  }

  // then() of a subclass must build plain Promises, not more ApiPromises.
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The parsed body with the Response it came in (body already read) and its request id. */
  withResponse(): Promise<RawAnswer<T>> {
    return this.#raw;
  }

  /** The Response alone: its status and headers (RateLimit, X-Request-Id...). */
  asResponse(): Promise<Response> {
    return this.#raw.then((answer) => answer.response);
  }

  #data(): Promise<T> {
    this.#parsed ??= this.#raw.then((answer) => answer.data);
    return this.#parsed;
  }

  // biome-ignore lint/suspicious/noThenProperty: this class is a Promise; then reads the parsed answer
  override then<R1 = T, R2 = never>(
    onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#data().then(onFulfilled, onRejected);
  }

  override catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#data().catch(onRejected);
  }

  override finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#data().finally(onFinally);
  }
}
