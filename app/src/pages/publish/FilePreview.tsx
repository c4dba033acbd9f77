import { useEffect, useState } from 'react';

/**
 * A preview of a chosen image or video file (an object URL, revoked on change and unmount); nothing
 * where the browser has no `URL.createObjectURL`. `alt` describes the image (for a video, its label).
 */
export function FilePreview({ file, alt }: { file: File; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  if (!url) return null;
  return file.type.startsWith('video/') ? (
    // biome-ignore lint/a11y/useMediaCaption: a plugin's demo video has no caption track
    <video className="publish-current" src={url} controls preload="metadata" aria-label={alt} />
  ) : (
    <img className="publish-current" src={url} alt={alt} />
  );
}
