/**
 * How ResultFiles shows each image: at its own aspect ratio (never cropped), linked to its full
 * size; `onSeen` runs once it has loaded.
 */
export const imageFile =
  (prompt: string | undefined, onSeen?: () => void) => (url: string, label: string) => (
    <img
      src={url}
      alt={prompt ? `Generated image: ${prompt}` : `Generated ${label}`}
      onLoad={onSeen}
      className="block h-auto max-h-[70vh] w-auto max-w-full rounded-xl border border-border bg-surface-2"
    />
  );
