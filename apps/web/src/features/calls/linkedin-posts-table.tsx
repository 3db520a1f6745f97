import type { LinkedinPost } from '@conduit/contracts';
import { EmptyNote } from '../../components/ui/load-more.tsx';
import { NewTabLink } from '../../components/ui/new-tab-link.tsx';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { formatCount, formatDate } from '../../lib/format.ts';

const COLUMNS = ['Post', 'Date', 'Likes', 'Comments', 'Reposts'] as const;

/** One row per post: its text (linked to the post), when, and its likes, comments and reposts. */
export function LinkedinPostsTable({ posts, caption }: { posts: LinkedinPost[]; caption: string }) {
  if (posts.length === 0) {
    return <EmptyNote>No posts on this page.</EmptyNote>;
  }
  return (
    <CardTable compact columns={COLUMNS} label={caption}>
      {posts.map((post) => (
        <tr key={post.id} className={ROW_CLASSES}>
          <Cell compact column="Post" className="min-w-64 text-fg max-sm:col-span-2">
            <p className="line-clamp-4 whitespace-pre-line break-words">{post.text}</p>
            <NewTabLink
              href={post.url}
              aria-label={`Open post from ${formatDate(post.postedAt)}`}
              className="mt-1 inline-block text-primary-text text-xs underline underline-offset-2"
            >
              Open post
            </NewTabLink>
          </Cell>
          <Cell compact column="Date" className="text-fg sm:whitespace-nowrap">
            <Timestamp at={post.postedAt} format={formatDate} />
          </Cell>
          <Cell compact column="Likes" className="text-fg tabular-nums">
            {formatCount(post.stats.likes)}
          </Cell>
          <Cell compact column="Comments" className="text-fg tabular-nums">
            {formatCount(post.stats.comments)}
          </Cell>
          <Cell compact column="Reposts" className="text-fg tabular-nums">
            {formatCount(post.stats.reposts)}
          </Cell>
        </tr>
      ))}
    </CardTable>
  );
}
