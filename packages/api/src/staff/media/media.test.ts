// The /media endpoint: uploads by purpose and role, the checks on what is sent, the stored variants
// and how they are served, on local disk and in an S3 bucket (s3rver).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_PURPOSES, type ImagePurpose, MAX_IMAGE_BYTES } from '@atrium/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../app';
import { loadIdentityConfig } from '../../identity';
import { signedInClient } from '../../test/account';
import { type CheckoutTestContext, createCheckoutTestContext, TestBrowser } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { signedInStaff } from '../../test/staff';
import type { MediaConfig } from './config';
import { type LocalS3, startLocalS3 } from './test-s3';

interface UploadAnswer {
  status: number;
  body: { url?: string; variants?: Record<string, string>; error?: { code: string; message: string } };
}

/** A PNG of the given size, a gradient so that it does not compress to nothing. */
async function pngOf(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 7) % 256;
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

const text = (value: string) => new TextEncoder().encode(value);

const safeSvg = text(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#0e7490"/></linearGradient></defs>' +
    '<rect width="120" height="40" fill="url(#g)"/></svg>',
);

function cookieOf(browser: TestBrowser | null): Record<string, string> {
  const cookie = browser ? [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  return cookie ? { cookie } : {};
}

async function upload(
  app: App,
  browser: TestBrowser | null,
  target: { marketplaceId: number; purpose: ImagePurpose | string },
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<UploadAnswer> {
  const sent: Record<string, string> = {
    'content-type': 'image/png',
    'x-graphql-yoga-csrf': '1',
    'x-atrium-marketplace': String(target.marketplaceId),
    ...cookieOf(browser),
    ...headers,
  };
  // An empty value leaves the header out.
  for (const [name, value] of Object.entries(sent)) if (value === '') delete sent[name];
  const response = await app.fetch(`http://localhost/media/${target.marketplaceId}/${target.purpose}`, {
    method: 'POST',
    headers: sent,
    body,
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer['body'] };
}

const mediaConfig = (storage: MediaConfig['storage'], uploadsPerHour = 500): MediaConfig => ({
  storage,
  uploadsPerHour,
});

function appWith(context: CheckoutTestContext, media: MediaConfig): App {
  return createApp({
    db: context.handle.database,
    config: { nodeEnv: 'test', identity: loadIdentityConfig({ REGISTER_LIMIT_PER_IP: '0' }, 'test'), media },
    logging: false,
  });
}

type Role = 'owner' | 'frontDesk' | 'practitioner' | 'client' | 'signedOut' | 'otherOwner';

/** Only the owner changes the catalogue, the team's photos and the settings. */
const expectedStatus: Record<Role, number> = {
  owner: 201,
  frontDesk: 403,
  practitioner: 403,
  client: 403,
  signedOut: 401,
  otherOwner: 403,
};
const expectedCode: Record<Role, string | null> = {
  owner: null,
  frontDesk: 'FORBIDDEN',
  practitioner: 'FORBIDDEN',
  client: 'FORBIDDEN',
  signedOut: 'UNAUTHENTICATED',
  otherOwner: 'FORBIDDEN',
};

describe.each(testDatabases)('image uploads on $name', (factory) => {
  let context: CheckoutTestContext;
  let app: App;
  let dir: string;
  const browsers = {} as Record<Role, TestBrowser>;
  let smallPng: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    dir = await mkdtemp(join(tmpdir(), 'atrium-media-test-'));
    app = appWith(context, mediaConfig({ kind: 'local', dir }));
    const signIn = { ...context, app };
    browsers.owner = await signedInStaff(signIn, {
      marketplaceId: 80,
      email: 'owner@media.test',
      role: 'owner',
    });
    browsers.frontDesk = await signedInStaff(signIn, {
      marketplaceId: 80,
      email: 'desk@media.test',
      role: 'front_desk',
    });
    browsers.practitioner = await signedInStaff(signIn, {
      marketplaceId: 80,
      email: 'ada@media.test',
      role: 'practitioner',
      practitionerId: 801,
    });
    // The owner of marketplace 81, of the same group: signed in there, staff of 80 not.
    browsers.otherOwner = await signedInStaff(signIn, {
      marketplaceId: 81,
      email: 'owner81@media.test',
      role: 'owner',
    });
    browsers.client = (await signedInClient(app, '80', 'client@media.test')).browser;
    browsers.signedOut = new TestBrowser(app);
    smallPng = await pngOf(48, 32);
  });

  afterAll(async () => {
    await context?.handle.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stores an owner’s PNG as content-hashed variants (bounded original, 1200 and 400 px webp) served for good', async () => {
    const image = await pngOf(1600, 1000);
    const answer = await upload(
      app,
      browsers.owner,
      { marketplaceId: 80, purpose: 'category-banner' },
      image,
    );
    expect(answer.status).toBe(201);
    const { url, variants } = answer.body;
    expect(variants).toEqual({
      original: expect.stringMatching(/^\/media\/80\/[0-9a-f]{32}\.png$/),
      large: expect.stringMatching(/^\/media\/80\/[0-9a-f]{32}\.webp$/),
      thumbnail: expect.stringMatching(/^\/media\/80\/[0-9a-f]{32}\.webp$/),
    });
    // A banner shows the large variant.
    expect(url).toBe(variants?.large);

    const widths: Record<string, number | undefined> = {};
    for (const [name, path] of Object.entries(variants ?? {})) {
      const response = await app.fetch(`http://localhost${path}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = new Uint8Array(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(response.headers.get('content-type')).toBe(name === 'original' ? 'image/png' : 'image/webp');
      widths[name] = metadata.width;
    }
    expect(widths).toEqual({ original: 1600, large: 1200, thumbnail: 400 });

    // The same image again lands on the same keys.
    const again = await upload(app, browsers.owner, { marketplaceId: 80, purpose: 'category-banner' }, image);
    expect(again.body.variants).toEqual(variants);
  });

  it('bounds the original to 2400 px and shows thumbnails and photos at 400 px', async () => {
    const answer = await upload(
      app,
      browsers.owner,
      { marketplaceId: 80, purpose: 'practitioner-photo' },
      await pngOf(3000, 600),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.url).toBe(answer.body.variants?.thumbnail);
    const original = await app.fetch(`http://localhost${answer.body.variants?.original}`);
    const metadata = await sharp(new Uint8Array(await original.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([2400, 480]);
  });

  it('tells JPEG and WebP by their bytes, whatever the request claims, keeping each original’s format', async () => {
    const photo = await sharp(await pngOf(640, 480))
      .jpeg()
      .toBuffer();
    const art = await sharp(await pngOf(320, 200))
      .webp()
      .toBuffer();
    const jpeg = await upload(
      app,
      browsers.owner,
      { marketplaceId: 80, purpose: 'practitioner-photo' },
      new Uint8Array(photo),
    );
    const webp = await upload(
      app,
      browsers.owner,
      { marketplaceId: 80, purpose: 'category-thumbnail' },
      new Uint8Array(art),
      {
        'content-type': 'application/octet-stream',
      },
    );
    expect([jpeg.status, webp.status]).toEqual([201, 201]);
    expect(jpeg.body.variants?.original).toMatch(/\.jpg$/);
    expect(webp.body.variants?.original).toMatch(/\.webp$/);
    const served = await app.fetch(`http://localhost${jpeg.body.variants?.original}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('writes the upload to the activity log: who, what, the stored URLs', async () => {
    const answer = await upload(
      app,
      browsers.owner,
      { marketplaceId: 80, purpose: 'service-thumbnail' },
      smallPng,
    );
    const rows = await context.sql<{
      actor: string;
      subject: string;
      before: unknown;
      after: { url: string };
    }>(
      `select actor, subject, before, after from activity_log
        where marketplace_id = 80 and action = 'media.upload' order by id desc limit 1`,
    );
    expect(rows).toEqual([
      {
        actor: 'owner@media.test',
        subject: 'Image for service thumbnail',
        before: null,
        after: {
          purpose: 'service-thumbnail',
          type: 'image/png',
          bytes: smallPng.byteLength,
          url: answer.body.url,
          variants: answer.body.variants,
        },
      },
    ]);
  });

  describe('who may upload, per purpose', () => {
    const cells = (Object.keys(expectedStatus) as Role[]).flatMap((role) =>
      IMAGE_PURPOSES.map((purpose) => ({ role, purpose })),
    );
    it.each(cells)('$role uploading a $purpose', async ({ role, purpose }) => {
      const answer = await upload(app, browsers[role], { marketplaceId: 80, purpose }, smallPng);
      expect(answer.status).toBe(expectedStatus[role]);
      expect(answer.body.error?.code ?? null).toBe(expectedCode[role]);
    });
  });

  it('refuses an image over 5 MB with 413 IMAGE_TOO_LARGE', async () => {
    const large = new Uint8Array(MAX_IMAGE_BYTES + 1);
    large.set(smallPng);
    const answer = await upload(app, browsers.owner, { marketplaceId: 80, purpose: 'logo' }, large);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toEqual({
      code: 'IMAGE_TOO_LARGE',
      message: 'The image is too large: choose one of at most 5 MB.',
    });
  });

  it('tells the type by the bytes: a text file sent as a PNG is 415 IMAGE_TYPE_NOT_ALLOWED', async () => {
    const answer = await upload(
      app,
      browsers.owner,
      { marketplaceId: 80, purpose: 'service-thumbnail' },
      text('just some notes, renamed notes.png'),
    );
    expect(answer.status).toBe(415);
    expect(answer.body.error).toEqual({
      code: 'IMAGE_TYPE_NOT_ALLOWED',
      message: 'Choose a PNG, JPEG or WebP image.',
    });
  });

  it('answers 422 IMAGE_UNREADABLE for a damaged image', async () => {
    const damaged = new Uint8Array(smallPng.slice(0, 40));
    const answer = await upload(app, browsers.owner, { marketplaceId: 80, purpose: 'logo' }, damaged);
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe('IMAGE_UNREADABLE');
  });

  it('takes an SVG logo as drawn, serves it so that it cannot run anything, and rasterises the variants', async () => {
    const answer = await upload(app, browsers.owner, { marketplaceId: 80, purpose: 'logo' }, safeSvg, {
      'content-type': 'image/svg+xml',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.url).toMatch(/^\/media\/80\/[0-9a-f]{32}\.svg$/);
    expect(answer.body.variants?.large).toMatch(/\.webp$/);
    const served = await app.fetch(`http://localhost${answer.body.url}`);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await served.text()).toBe(new TextDecoder().decode(safeSvg));
  });

  const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
  it.each([
    ['a script', svg('<script>alert(1)</script>'), 'IMAGE_UNSAFE'],
    [
      'an event handler',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
      'IMAGE_UNSAFE',
    ],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>'), 'IMAGE_UNSAFE'],
    ['an entity-encoded link', svg('<a xlink:href="&#106;avascript:alert(1)"><rect/></a>'), 'IMAGE_UNSAFE'],
    ['an external image', svg('<image href="https://evil.example/x.png"/>'), 'IMAGE_UNSAFE'],
    ['an external style', svg('<style>@import url(https://evil.example/x.css);</style>'), 'IMAGE_UNSAFE'],
    ['embedded HTML', svg('<foreignObject><p>hi</p></foreignObject>'), 'IMAGE_UNSAFE'],
    // A document type before the root is no SVG this endpoint reads at all.
    [
      'an entity',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
      'IMAGE_TYPE_NOT_ALLOWED',
    ],
  ])('refuses an SVG with %s (415)', async (_kind, markup, code) => {
    const answer = await upload(
      app,
      browsers.owner,
      { marketplaceId: 80, purpose: 'favicon' },
      text(markup),
      {
        'content-type': 'image/svg+xml',
      },
    );
    expect(answer.status).toBe(415);
    expect(answer.body.error?.code).toBe(code);
  });

  it('takes SVG only for a logo or favicon', async () => {
    const answer = await upload(
      app,
      browsers.owner,
      { marketplaceId: 80, purpose: 'category-thumbnail' },
      safeSvg,
    );
    expect(answer.status).toBe(415);
    expect(answer.body.error?.code).toBe('IMAGE_TYPE_NOT_ALLOWED');
  });

  it('refuses an upload without the CSRF header, as a form on another site would send it', async () => {
    const answer = await upload(app, browsers.owner, { marketplaceId: 80, purpose: 'logo' }, smallPng, {
      'x-graphql-yoga-csrf': '',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.code).toBe('CSRF_HEADER_MISSING');
  });

  it('answers 404 for an unknown purpose, marketplace or image, and 405 for other methods', async () => {
    expect(
      (await upload(app, browsers.owner, { marketplaceId: 80, purpose: 'wallpaper' }, smallPng)).status,
    ).toBe(404);
    expect(
      (await upload(app, browsers.owner, { marketplaceId: 999, purpose: 'logo' }, smallPng)).status,
    ).toBe(404);
    for (const path of [`/media/80/${'0'.repeat(32)}.png`, '/media/..%2f..%2fpackage.json', '/media/80/x']) {
      expect((await app.fetch(`http://localhost${path}`)).status, path).toBe(404);
    }
    const put = await app.fetch('http://localhost/media/80/logo', { method: 'PUT', body: smallPng });
    expect(put.status).toBe(405);
  });

  it('limits uploads per member: past the hour’s allowance, 429 RATE_LIMITED', async () => {
    const limited = appWith(context, mediaConfig({ kind: 'local', dir }, 2));
    const owner = await signedInStaff(
      { ...context, app: limited },
      { marketplaceId: 80, email: 'busy-owner@media.test', role: 'owner' },
    );
    const target = { marketplaceId: 80, purpose: 'logo' } as const;
    expect((await upload(limited, owner, target, smallPng)).status).toBe(201);
    expect((await upload(limited, owner, target, smallPng)).status).toBe(201);
    const third = await upload(limited, owner, target, smallPng);
    expect(third.status).toBe(429);
    expect(third.body.error?.code).toBe('RATE_LIMITED');
  });

  it('stores in an S3 bucket (s3rver) when configured, and the API serves from it', async () => {
    const s3: LocalS3 = await startLocalS3();
    try {
      const inBucket = appWith(context, mediaConfig(s3.config));
      const owner = await signedInStaff(
        { ...context, app: inBucket },
        { marketplaceId: 80, email: 's3-owner@media.test', role: 'owner' },
      );
      const answer = await upload(
        inBucket,
        owner,
        { marketplaceId: 80, purpose: 'logo' },
        await pngOf(50, 30),
      );
      expect(answer.status).toBe(201);
      const served = await inBucket.fetch(`http://localhost${answer.body.variants?.thumbnail}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).format).toBe('webp');
      // The local folder never saw it.
      expect((await app.fetch(`http://localhost${answer.body.variants?.thumbnail}`)).status).toBe(404);
    } finally {
      await s3.close();
    }
  });
});
