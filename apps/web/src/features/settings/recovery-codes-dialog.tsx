import { KEY_TEXTS, PRODUCT_NAME } from '@conduit/contracts';
import { Download, Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/ui/button.tsx';
import { buttonClasses } from '../../components/ui/button-styles.ts';
import { COPIED_TEXT } from '../../components/ui/copy-button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useCopy } from '../../components/ui/use-copy.ts';
import { formatDate } from '../../lib/format.ts';

export const RECOVERY_CODES_FILE = 'conduit-recovery-codes.txt';
const HOW_TO_USE = 'Each code signs you in once if you lose your phone.';

/** The codes as a file or a printed page: the account they belong to and the day they were made. */
export function recoveryCodesText(email: string, codes: string[], madeAt: Date) {
  return [
    `${PRODUCT_NAME} recovery codes`,
    `Account: ${email}`,
    `Made on: ${formatDate(madeAt.toISOString())}`,
    '',
    `${HOW_TO_USE} Making new codes stops these from working.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A link that saves `text` as a .txt file (a Blob URL, released when the link goes). */
function DownloadLink({ text, fileName }: { text: string; fileName: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [text]);
  if (!url) return null;
  return (
    <a href={url} download={fileName} className={buttonClasses('secondary')}>
      <Download aria-hidden="true" className="size-4" />
      Download
    </a>
  );
}

/**
 * What the browser prints while the dialog is open: a plain sheet beside the app (index.css hides
 * every other part of the page when one is there), so Print gives the codes and nothing else.
 */
function PrintSheet({ text }: { text: string }) {
  return createPortal(
    <pre
      data-print-sheet
      aria-hidden="true"
      className="hidden whitespace-pre-wrap font-mono text-sm print:block"
    >
      {text}
    </pre>,
    document.body,
  );
}

/** The ten recovery codes, shown once (after turning 2FA on or making new ones): copy, download or print. */
export function RecoveryCodesDialog({
  title,
  description,
  email,
  codes,
  onClose,
}: {
  title: string;
  description: string;
  email: string;
  codes: string[];
  onClose: () => void;
}) {
  const { status, copy } = useCopy();
  const [madeAt] = useState(() => new Date());
  const text = recoveryCodesText(email, codes, madeAt);
  return (
    <Dialog isOpen onClose={onClose} title={title} description={description}>
      <p className="text-muted text-sm">{HOW_TO_USE} They are shown only now.</p>
      <ul
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-surface-2 p-4 font-mono text-fg text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
        <span role="status" className="text-muted text-xs">
          {status === 'copied' ? COPIED_TEXT : status === 'failed' ? KEY_TEXTS.copyFailed : ''}
        </span>
        <Button variant="secondary" onClick={() => void copy(codes.join('\n'))}>
          Copy codes
        </Button>
        <DownloadLink text={text} fileName={RECOVERY_CODES_FILE} />
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
        <Button onClick={onClose}>Done</Button>
      </div>
      <PrintSheet text={text} />
    </Dialog>
  );
}
