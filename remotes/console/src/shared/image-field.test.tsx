import type { ImagePurpose } from '@atrium/domain';
import { AtriumUiProvider } from '@atrium/ui';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageField } from './image-field';

/** An XMLHttpRequest the test answers by hand; every one sent is kept. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  /** Answers, then lets the field's awaiting code run. */
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
  async failOnNetwork() {
    await act(async () => this.onerror?.());
  }
}

const lastRequest = () => {
  const request = FakeRequest.sent.at(-1);
  if (!request) throw new Error('No upload was sent');
  return request;
};

beforeEach(() => {
  FakeRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The field in a form that keeps its value, as a section's form would; `changes` records each call. */
function renderField(purpose: ImagePurpose = 'service-thumbnail', initial: string | null = null) {
  const changes: Array<string | null> = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <ImageField
        marketplaceId="1"
        label="Thumbnail"
        purpose={purpose}
        value={value}
        onChange={(url) => {
          changes.push(url);
          setValue(url);
        }}
      />
    );
  }
  render(
    <AtriumUiProvider primaryColor="#0E7490">
      <Form />
    </AtriumUiProvider>,
  );
  return { changes, input: screen.getByLabelText('Thumbnail') as HTMLInputElement };
}

const choose = (input: HTMLInputElement, file: File) =>
  fireEvent.change(input, { target: { files: [file] } });
const pngFile = (size = 2048) => new File([new Uint8Array(size)], 'photo.png', { type: 'image/png' });

describe('the image field', () => {
  it('uploads a chosen image with its type and the console’s headers, shows progress, then the preview', async () => {
    const { changes, input } = renderField();
    expect(input.accept).toBe('image/png,image/jpeg,image/webp');
    expect(screen.getByText('No image yet.')).toBeTruthy();

    const file = pngFile();
    choose(input, file);
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/media/1/service-thumbnail');
    expect(request.body).toBe(file);
    expect(request.headers).toEqual({
      'content-type': 'image/png',
      accept: 'application/json',
      'x-atrium-marketplace': '1',
      'x-graphql-yoga-csrf': '1',
    });
    expect(request.withCredentials).toBe(true);

    request.progress(1024, 2048);
    expect(screen.getByRole('status').textContent).toContain('Uploading… 50%');

    await request.respond(201, { url: '/media/1/abc.webp', variants: { thumbnail: '/media/1/abc.webp' } });
    expect(changes).toEqual(['/media/1/abc.webp']);
    expect(screen.queryByRole('status')).toBeNull();
    const preview = screen.getByRole('img', { name: 'Current thumbnail' }) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('/media/1/abc.webp');
  });

  it('shows why an upload failed, and tries the same file again on request', async () => {
    const { changes, input } = renderField();
    const file = pngFile();
    choose(input, file);
    await lastRequest().respond(500, { error: { code: 'UPLOAD_FAILED', message: 'x' } });
    expect(screen.getByText('The image could not be uploaded. Try again.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Try the upload again' }));
    expect(FakeRequest.sent).toHaveLength(2);
    expect(lastRequest().body).toBe(file);
    await lastRequest().respond(201, { url: '/media/1/def.webp', variants: {} });
    expect(changes).toEqual(['/media/1/def.webp']);
    expect(screen.queryByText('The image could not be uploaded. Try again.')).toBeNull();
  });

  it('replaces an upload still running when another file is chosen', async () => {
    const { changes, input } = renderField();
    choose(input, pngFile());
    const first = lastRequest();
    let aborted = false;
    first.onabort = ((abort) => () => {
      aborted = true;
      abort?.();
    })(first.onabort);
    choose(input, pngFile(4096));
    expect(aborted).toBe(true);
    await lastRequest().respond(201, { url: '/media/1/second.webp', variants: {} });
    expect(changes).toEqual(['/media/1/second.webp']);
    // The cancelled upload is no failure.
    expect(screen.queryByText('The image could not be uploaded. Try again.')).toBeNull();
  });

  it('offers the retry after a network failure too', async () => {
    const { input } = renderField();
    choose(input, pngFile());
    await lastRequest().failOnNetwork();
    expect(screen.getByText('The image could not be uploaded. Try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try the upload again' })).toBeTruthy();
  });

  it('refuses a file over 5 MB or of another type before sending anything', () => {
    const { input } = renderField();
    choose(input, pngFile(5 * 1024 * 1024 + 1));
    expect(screen.getByText('The image is too large: choose one of at most 5 MB.')).toBeTruthy();
    choose(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Choose a PNG, JPEG or WebP image.')).toBeTruthy();
    // An SVG is for logos and favicons only.
    choose(input, new File(['<svg/>'], 'art.svg', { type: 'image/svg+xml' }));
    expect(screen.getByText('Choose a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(FakeRequest.sent).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Try the upload again' })).toBeNull();
  });

  it('tells the API’s refusal by its code: an SVG logo with a script', async () => {
    const { input } = renderField('logo');
    expect(input.accept).toBe('image/png,image/jpeg,image/webp,image/svg+xml');
    choose(input, new File(['<svg><script/></svg>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(lastRequest().headers['content-type']).toBe('image/svg+xml');
    await lastRequest().respond(415, { error: { code: 'IMAGE_UNSAFE', message: 'x' } });
    expect(
      screen.getByText(
        'This SVG holds scripts or links to other files. Export it again without them, or choose a PNG.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try the upload again' })).toBeNull();
  });

  it('says when the session has ended or the role may not change the image', async () => {
    const { input } = renderField();
    choose(input, pngFile());
    await lastRequest().respond(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
    expect(screen.getByText('Your session has ended. Sign in again to upload images.')).toBeTruthy();
    choose(input, pngFile());
    await lastRequest().respond(403, { error: { code: 'FORBIDDEN', message: 'x' } });
    expect(screen.getByText('Your role cannot change this image.')).toBeTruthy();
  });

  it('shows the current image and removes it, back to no image', () => {
    const { changes, input } = renderField('service-thumbnail', '/media/1/old.webp');
    expect(screen.getByRole('img', { name: 'Current thumbnail' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove thumbnail' }));
    expect(changes).toEqual([null]);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No image yet.')).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });
});
