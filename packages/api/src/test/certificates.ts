import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestCertificate {
  keyPath: string;
  certificatePath: string;
  keyPem: string;
  certificatePem: string;
}

/**
 * A self-signed P-256 certificate for `commonName` (also its DNS name), valid one day, and its key,
 * made by openssl into `directory` as `<name>.key` and `<name>.crt`: their paths and PEM text.
 */
export function selfSignedCertificate(directory: string, name: string, commonName = name): TestCertificate {
  const keyPath = join(directory, `${name}.key`);
  const certificatePath = join(directory, `${name}.crt`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certificatePath,
      '-days',
      '1',
      '-subj',
      `/CN=${commonName}`,
      '-addext',
      `subjectAltName=DNS:${commonName}`,
    ],
    { stdio: 'ignore' },
  );
  return {
    keyPath,
    certificatePath,
    keyPem: readFileSync(keyPath, 'utf8'),
    certificatePem: readFileSync(certificatePath, 'utf8'),
  };
}
