import { Image, type ImageProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** An image gets 10 s to load, and one retry, before it is hidden. */
export const IMAGE_TIMEOUT_MS = 10_000;
export const IMAGE_RETRIES = 1;

type Status = { attempt: number; state: 'loading' | 'loaded' | 'hidden' };

/**
 * An image that hides itself when it cannot be shown: a failed load is retried once, and an image
 * still loading after 10 s counts as failed.
 */
export function SafeImage({ src, ...props }: Omit<ImageProps, 'src'> & { src?: string | null | undefined }) {
  const [status, setStatus] = useState<Status>({ attempt: 0, state: 'loading' });

  useEffect(() => {
    setStatus({ attempt: 0, state: 'loading' });
  }, [src]);

  const fail = () =>
    setStatus((current) =>
      current.state === 'loaded'
        ? current
        : current.attempt < IMAGE_RETRIES
          ? { attempt: current.attempt + 1, state: 'loading' }
          : { ...current, state: 'hidden' },
    );

  useEffect(() => {
    if (status.state !== 'loading') return;
    const timer = setTimeout(fail, IMAGE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (!src || status.state === 'hidden') return null;
  // A retry asks for the image again rather than reusing the failed response.
  const url = status.attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${status.attempt}`;
  return (
    <Image
      key={status.attempt}
      src={url}
      onLoad={() => setStatus((current) => ({ ...current, state: 'loaded' }))}
      onError={fail}
      {...props}
    />
  );
}
