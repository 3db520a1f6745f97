import { ApiPromise } from './api-promise.ts';
import type { RawAnswer } from './transport.ts';

/** The usual shape of a list answer: one page of items and the cursor of the next (null on the last). */
export interface CursorPage<Item> {
  data: readonly Item[];
  nextCursor?: string | null;
}

/** Where a page's items and next cursor are, for answers not shaped `{ data, nextCursor }`. */
export type PageReader<Page, Item> = (page: Page) => { items: readonly Item[]; nextCursor?: string | null };

const cursorPage = <Page, Item>(page: Page) => {
  const { data, nextCursor } = page as CursorPage<Item>;
  return { items: data, nextCursor };
};

/**
 * A list call: awaited, it is the first page (an ApiPromise, so `withResponse()` works too);
 * iterated with `for await`, it yields every item of every page, fetching the next page with the
 * previous page's cursor only when the items run out.
 */
export class PagePromise<Page, Item> extends ApiPromise<Page> implements AsyncIterable<Item> {
  readonly #fetchPage: (cursor: string | undefined) => Promise<RawAnswer<Page>>;
  readonly #read: PageReader<Page, Item>;

  constructor(
    fetchPage: (cursor: string | undefined) => Promise<RawAnswer<Page>>,
    read: PageReader<Page, Item> = cursorPage,
    firstCursor?: string,
  ) {
    super(fetchPage(firstCursor));
    this.#fetchPage = fetchPage;
    this.#read = read;
  }

  /** Every page in turn, starting with the one this promise fetched. */
  async *pages(): AsyncGenerator<Page> {
    let page: Page = await this.withResponse().then((answer) => answer.data);
    for (;;) {
      yield page;
      const { nextCursor } = this.#read(page);
      if (!nextCursor) return;
      page = (await this.#fetchPage(nextCursor)).data;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.pages()) yield* this.#read(page).items;
  }
}
