import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * A throwaway self-signed certificate for 127.0.0.1 (its subject and its IP address), made with the
 * openssl command in `folder`. `certFile` can be given to a child process as NODE_EXTRA_CA_CERTS.
 */
export function selfSignedCertificate(folder: string): { key: string; cert: string; certFile: string } {
  const keyFile = path.join(folder, 'key.pem')
  const certFile = path.join(folder, 'cert.pem')
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
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1'
    ],
    { stdio: 'ignore' }
  )
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile }
}
