import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A key and certificate for the app server over TLS (HTTP/2), as PEM. */
export interface TlsIdentity {
  key: string;
  cert: string;
  /**
   * The base64 SHA-256 of the certificate's public key: Chromium's
   * `--ignore-certificate-errors-spki-list` takes it, and then treats the
   * certificate as valid (a secure context, service workers allowed).
   */
  spki: string;
}

/**
 * A throwaway self-signed certificate for localhost, valid for a day, made
 * with Debian's openssl (Node has no certificate writer of its own). Only the
 * benchmark uses it, to serve the build over HTTP/2 as docs/deploy.md has
 * nginx do in production.
 */
export function selfSignedLocalhost(): TlsIdentity {
  const dir = mkdtempSync(join(tmpdir(), 'staff-app-tls-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    try {
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
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost',
          '-keyout',
          keyFile,
          '-out',
          certFile,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
    } catch (error) {
      throw new Error('Could not make a certificate for localhost with openssl (Debian: apt-get install openssl).', { cause: error });
    }
    const cert = readFileSync(certFile, 'utf8');
    const spki = createHash('sha256')
      .update(createPublicKey(cert).export({ type: 'spki', format: 'der' }))
      .digest('base64');
    return { key: readFileSync(keyFile, 'utf8'), cert, spki };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
