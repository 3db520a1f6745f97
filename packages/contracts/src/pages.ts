import { z } from 'zod';

/**
 * The field groups of a list read in pages, newest first: the query's `limit` and `cursor`, and the
 * answer's rows with the `nextCursor` to pass as the next query's `cursor` (null on the last page).
 */

/** A paged list's `limit` (1 to `max` rows, `byDefault` when not given) and `cursor`. */
export const pageQuery = (max: number, byDefault: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(max).default(byDefault),
    /** The `nextCursor` of the previous page. */
    cursor: z.string().max(200).optional(),
  });

/** The cursor of the next page; null on the last. */
export const NextCursor = z.string().nullable();

/** One page of a list: its rows under `key`, and the cursor of the next page. */
export const pageOf = <const Key extends string, Item extends z.ZodType>(key: Key, item: Item) =>
  z.object({ [key]: z.array(item), nextCursor: NextCursor } as { [K in Key]: z.ZodArray<Item> } & {
    nextCursor: typeof NextCursor;
  });

/** One page of a list as the public API answers it: `{ success: true, data, nextCursor }`. */
export const pageAnswerOf = <Item extends z.ZodType>(item: Item, nextCursor = NextCursor) =>
  z.object({ success: z.literal(true), data: z.array(item), nextCursor });
