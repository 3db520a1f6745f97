/**
 * jsdom has no `URL.createObjectURL` of its own (Node's does not take jsdom's Blob): this stand-in
 * keeps each Blob under a `blob:` URL, so a test can read what a download link would save.
 */
const blobs = new Map<string, Blob>();
let made = 0;

export function installBlobUrls() {
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:http://localhost/${++made}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
}

/** The text behind a live `blob:` URL (undefined once it was revoked); jsdom's Blob has no text(). */
export function blobTextAt(url: string | null): Promise<string | undefined> {
  const blob = url ? blobs.get(url) : undefined;
  if (!blob) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
