/**
 * How ResultFiles shows each video: in the browser's own player (seeking works: the files route
 * answers byte ranges); `onSeen` runs once its metadata has loaded.
 */
export const videoFile = (onSeen?: () => void) => (url: string, label: string) => (
  // biome-ignore lint/a11y/useMediaCaption: generated videos have no speech or sound to caption
  <video
    src={url}
    controls
    preload="metadata"
    playsInline
    aria-label={`Result ${label}`}
    onLoadedMetadata={onSeen}
    className="block max-h-[70vh] w-full max-w-3xl rounded-xl border border-border bg-surface-2"
  />
);
