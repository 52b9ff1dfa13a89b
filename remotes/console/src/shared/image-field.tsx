import {
  acceptedImageTypes,
  checkImageFile,
  type ImagePurpose,
  type ImageUploadErrorCode,
  imageUploadMessage,
  MAX_IMAGE_BYTES,
} from '@atrium/domain';
import { Box, Button, HStack, Image, Spinner, Stack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { ImageUploadError, uploadImage } from './image-upload';

export interface ImageFieldProps {
  marketplaceId: string;
  label: string;
  purpose: ImagePurpose;
  value: string | null;
  onChange: (url: string | null) => void;
}

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'failed'; code: ImageUploadErrorCode; file: File };

/** Failures another try of the same file can mend; the others need another file or a new session. */
const RETRYABLE: readonly ImageUploadErrorCode[] = ['UPLOAD_FAILED', 'RATE_LIMITED'];

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/svg+xml': 'SVG',
};

function requirements(purpose: ImagePurpose): string {
  const names = acceptedImageTypes(purpose).map((type) => TYPE_NAMES[type] ?? type);
  return `${names.join(', ')}; at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`;
}

/**
 * An image chosen from the user's files: uploaded at once to the API (which checks, resizes and keeps
 * it), then shown; `onChange` gets the image's URL, or null when it is removed.
 */
export function ImageField({ marketplaceId, label, purpose, value, onChange }: ImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  // An upload still running when the field goes away is cancelled, so it cannot change a closed form.
  useEffect(() => () => upload.current?.abort(), []);

  const send = async (file: File) => {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setState({ status: 'uploading', progress: 0 });
    try {
      const uploaded = await uploadImage({
        marketplaceId,
        purpose,
        file,
        signal: controller.signal,
        onProgress: (share) => setState({ status: 'uploading', progress: Math.round(share * 100) }),
      });
      setState({ status: 'idle' });
      onChange(uploaded.url);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        status: 'failed',
        code: error instanceof ImageUploadError ? error.code : 'UPLOAD_FAILED',
        file,
      });
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) is noticed.
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file, purpose);
    if (problem) setState({ status: 'failed', code: problem, file });
    else void send(file);
  };

  const failure = state.status === 'failed' ? state : null;
  return (
    <Field.Root invalid={failure !== null}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="3" w="full">
        <ImagePreview label={label} value={value} />
        <Input
          ref={inputRef}
          type="file"
          p="1"
          accept={acceptedImageTypes(purpose).join(',')}
          // Left enabled while uploading (focus stays put); choosing another file replaces the upload.
          onChange={choose}
        />
        <Field.HelperText>{requirements(purpose)}</Field.HelperText>
        {state.status === 'uploading' && <UploadProgress label={label} progress={state.progress} />}
        {failure && (
          <Stack gap="2" align="start">
            <Field.ErrorText>{imageUploadMessage(failure.code, purpose)}</Field.ErrorText>
            {RETRYABLE.includes(failure.code) && (
              <Button size="sm" variant="outline" onClick={() => void send(failure.file)}>
                Try the upload again
              </Button>
            )}
          </Stack>
        )}
        {value && (
          <Button
            alignSelf="start"
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => {
              upload.current?.abort();
              setState({ status: 'idle' });
              onChange(null);
              inputRef.current?.focus();
            }}
          >
            Remove {label.toLowerCase()}
          </Button>
        )}
      </Stack>
    </Field.Root>
  );
}

function ImagePreview({ label, value }: { label: string; value: string | null }) {
  if (!value) {
    return (
      <Text color="fg.muted" fontSize="sm">
        No image yet.
      </Text>
    );
  }
  return (
    <Box borderWidth="1px" borderRadius="md" p="2" alignSelf="start" bg="bg.muted">
      <Image src={value} alt={`Current ${label.toLowerCase()}`} maxH="32" maxW="full" objectFit="contain" />
    </Box>
  );
}

function UploadProgress({ label, progress }: { label: string; progress: number }) {
  return (
    <HStack gap="2" role="status" aria-live="polite">
      <Spinner size="sm" aria-hidden />
      <progress value={progress} max={100} aria-label={`Uploading ${label.toLowerCase()}`} />
      <Text fontSize="sm">Uploading… {progress}%</Text>
    </HStack>
  );
}
