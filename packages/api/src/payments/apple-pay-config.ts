import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * How Apple Pay's merchant validation is done (adapters/payments/apple-pay-merchant.ts): against
 * Apple with the merchant identity certificate (mutual TLS), or the embedded sandbox, which answers
 * a recognisable sandbox merchant session and needs no Apple account; or Apple Pay is not offered
 * (APPLE_PAY=off). Production refuses the sandbox (production-guards.ts).
 */
export type ApplePayConfig =
  | { merchantValidation: 'sandbox' }
  | { merchantValidation: 'off' }
  | {
      merchantValidation: 'apple';
      /** The merchant identifier registered with Apple, e.g. merchant.com.example.book. */
      merchantId: string;
      /** The merchant identity certificate and its private key, PEM. */
      certificatePem: string;
      keyPem: string;
    };

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const envSchema = z.object({
  APPLE_PAY: optionalText.pipe(z.enum(['on', 'off']).default('on')),
  APPLE_PAY_MERCHANT_ID: optionalText.pipe(
    z
      .string()
      .trim()
      .regex(
        /^merchant\.[A-Za-z0-9.-]{1,200}$/,
        'APPLE_PAY_MERCHANT_ID must be an Apple merchant identifier (merchant.…)',
      )
      .optional(),
  ),
  APPLE_PAY_MERCHANT_CERT: optionalText,
  APPLE_PAY_MERCHANT_KEY: optionalText,
});

/**
 * Reads the Apple Pay part of the environment. Certificate and key are PEM text or the path of a PEM
 * file; they are checked here (a certificate, a key, and the key of that certificate) so a wrong file
 * stops the start instead of failing the first client's payment. Throws 'Invalid environment'.
 */
export function loadApplePayConfig(env: Record<string, string | undefined>): ApplePayConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const { APPLE_PAY_MERCHANT_ID: merchantId, APPLE_PAY_MERCHANT_CERT, APPLE_PAY_MERCHANT_KEY } = parsed.data;
  const given = [merchantId, APPLE_PAY_MERCHANT_CERT, APPLE_PAY_MERCHANT_KEY].filter(Boolean).length;
  if (parsed.data.APPLE_PAY === 'off') {
    if (given > 0) throw invalid(['APPLE_PAY: off, but APPLE_PAY_MERCHANT_* are set; choose one']);
    return { merchantValidation: 'off' };
  }
  if (given === 0) return { merchantValidation: 'sandbox' };
  if (!merchantId || !APPLE_PAY_MERCHANT_CERT || !APPLE_PAY_MERCHANT_KEY) {
    throw invalid([
      'APPLE_PAY_MERCHANT_ID, APPLE_PAY_MERCHANT_CERT, APPLE_PAY_MERCHANT_KEY: set all three (the merchant identifier and its merchant identity certificate and key) or none',
    ]);
  }
  const problems: string[] = [];
  const certificatePem = readPem('APPLE_PAY_MERCHANT_CERT', APPLE_PAY_MERCHANT_CERT, problems);
  const keyPem = readPem('APPLE_PAY_MERCHANT_KEY', APPLE_PAY_MERCHANT_KEY, problems);
  if (certificatePem && keyPem) {
    const problem = certificateKeyProblem(certificatePem, keyPem);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0 || !certificatePem || !keyPem) throw invalid(problems);
  return { merchantValidation: 'apple', merchantId, certificatePem, keyPem };
}

/** PEM text as given, or the content of the PEM file the value names. */
function readPem(name: string, value: string, problems: string[]): string | null {
  if (value.trimStart().startsWith('-----BEGIN')) return value;
  try {
    return readFileSync(value, 'utf8');
  } catch {
    problems.push(`${name}: not PEM text, and no readable file at ${value}`);
    return null;
  }
}

function certificateKeyProblem(certificatePem: string, keyPem: string): string | null {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch {
    return 'APPLE_PAY_MERCHANT_CERT: not a PEM certificate';
  }
  try {
    if (!certificate.checkPrivateKey(createPrivateKey(keyPem))) {
      return 'APPLE_PAY_MERCHANT_KEY: not the private key of APPLE_PAY_MERCHANT_CERT';
    }
  } catch {
    return 'APPLE_PAY_MERCHANT_KEY: not an unencrypted PEM private key';
  }
  return null;
}

function invalid(problems: string[]): Error {
  return new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
}
