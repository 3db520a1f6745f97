import { ResultFiles } from './result-file-actions.tsx';

/** Each image at its own aspect ratio (never cropped), linked to its full size. */
export function ImageResults({
  urls,
  prompt,
  onSeen,
}: {
  urls: string[];
  prompt?: string;
  onSeen?: () => void;
}) {
  return (
    <ResultFiles
      urls={urls}
      noun="image"
      render={(url, label) => (
        <img
          src={url}
          alt={prompt ? `Generated image: ${prompt}` : `Generated ${label}`}
          onLoad={onSeen}
          className="block h-auto max-h-[70vh] w-auto max-w-full rounded-xl border border-border bg-surface-2"
        />
      )}
    />
  );
}
