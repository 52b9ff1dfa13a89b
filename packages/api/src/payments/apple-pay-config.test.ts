import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../test/certificates';
import { loadApplePayConfig } from './apple-pay-config';

describe('loadApplePayConfig', () => {
  let directory: string;
  const files = (name: string) => ({
    key: join(directory, `${name}.key`),
    cert: join(directory, `${name}.crt`),
  });
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'atrium-apple-pay-config-'));
    for (const name of ['merchant', 'other']) selfSignedCertificate(directory, name);
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('is the sandbox without configuration, and off with APPLE_PAY=off', () => {
    expect(loadApplePayConfig({})).toEqual({ merchantValidation: 'sandbox' });
    expect(loadApplePayConfig({ APPLE_PAY_MERCHANT_ID: '' })).toEqual({ merchantValidation: 'sandbox' });
    expect(loadApplePayConfig({ APPLE_PAY: 'off' })).toEqual({ merchantValidation: 'off' });
  });

  it('reads the certificate and key as file paths or as PEM text', () => {
    const { key, cert } = files('merchant');
    const expected = {
      merchantValidation: 'apple',
      merchantId: 'merchant.com.example.book',
      certificatePem: readFileSync(cert, 'utf8'),
      keyPem: readFileSync(key, 'utf8'),
    };
    const base = { APPLE_PAY_MERCHANT_ID: 'merchant.com.example.book' };
    expect(
      loadApplePayConfig({ ...base, APPLE_PAY_MERCHANT_CERT: cert, APPLE_PAY_MERCHANT_KEY: key }),
    ).toEqual(expected);
    expect(
      loadApplePayConfig({
        ...base,
        APPLE_PAY_MERCHANT_CERT: expected.certificatePem,
        APPLE_PAY_MERCHANT_KEY: expected.keyPem,
      }),
    ).toEqual(expected);
  });

  it('refuses a partial configuration, a bad merchant id, a missing file and a key of another certificate', () => {
    const merchant = files('merchant');
    const other = files('other');
    expect(() => loadApplePayConfig({ APPLE_PAY_MERCHANT_ID: 'merchant.com.example.book' })).toThrow(
      /set all three .* or none/,
    );
    expect(() =>
      loadApplePayConfig({
        APPLE_PAY_MERCHANT_ID: 'com.example',
        APPLE_PAY_MERCHANT_CERT: merchant.cert,
        APPLE_PAY_MERCHANT_KEY: merchant.key,
      }),
    ).toThrow(/APPLE_PAY_MERCHANT_ID: APPLE_PAY_MERCHANT_ID must be an Apple merchant identifier/);
    expect(() =>
      loadApplePayConfig({
        APPLE_PAY_MERCHANT_ID: 'merchant.com.example.book',
        APPLE_PAY_MERCHANT_CERT: join(directory, 'missing.crt'),
        APPLE_PAY_MERCHANT_KEY: merchant.key,
      }),
    ).toThrow(/APPLE_PAY_MERCHANT_CERT: not PEM text, and no readable file/);
    expect(() =>
      loadApplePayConfig({
        APPLE_PAY_MERCHANT_ID: 'merchant.com.example.book',
        APPLE_PAY_MERCHANT_CERT: merchant.cert,
        APPLE_PAY_MERCHANT_KEY: other.key,
      }),
    ).toThrow(/APPLE_PAY_MERCHANT_KEY: not the private key of APPLE_PAY_MERCHANT_CERT/);
    expect(() =>
      loadApplePayConfig({ APPLE_PAY: 'off', APPLE_PAY_MERCHANT_ID: 'merchant.com.example.book' }),
    ).toThrow(/APPLE_PAY: off, but APPLE_PAY_MERCHANT_\* are set/);
  });
});
