import { formatDateTime } from '../../lib/format.ts';

/**
 * A moment as a `<time>` element: the ISO value for machines (assistive technology, copying), the
 * reader's own format on screen (the date and time unless `format` says otherwise).
 */
export function Timestamp({
  at,
  format = formatDateTime,
  className,
}: {
  at: string;
  format?: (iso: string) => string;
  className?: string;
}) {
  return (
    <time dateTime={at} className={className}>
      {format(at)}
    </time>
  );
}
