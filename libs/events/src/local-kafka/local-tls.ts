import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalCertificateAuthority {
  /** The CA's certificate (PEM), which clients trust. */
  caFile: string;
  caKeyFile: string;
}

export interface LocalServerCertificate extends LocalCertificateAuthority {
  /** The server's key and chain as a PKCS#12 store, for the broker. */
  keystoreFile: string;
  keystorePassword: string;
}

/**
 * A throwaway certificate authority (P-256, two days), made with the machine's `openssl`, in
 * `dir`; kept when it is there already (a kept data folder keeps its CA).
 */
export function createCertificateAuthority(dir: string, name = 'JIBS local Kafka CA') {
  mkdirSync(dir, { recursive: true });
  const ca: LocalCertificateAuthority = {
    caFile: join(dir, 'ca.pem'),
    caKeyFile: join(dir, 'ca.key'),
  };
  if (existsSync(ca.caFile) && existsSync(ca.caKeyFile)) return ca;
  openssl([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    ca.caKeyFile,
    '-out',
    ca.caFile,
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  return ca;
}

/**
 * A CA and a server certificate it signed for 127.0.0.1 and localhost, with the key in a PKCS#12
 * store for Kafka's `ssl.keystore.*`.
 */
export function createServerCertificate(dir: string): LocalServerCertificate {
  const ca = createCertificateAuthority(dir);
  const keystoreFile = join(dir, 'server.p12');
  const passwordFile = join(dir, 'server.p12.password');
  if (!existsSync(keystoreFile) || !existsSync(passwordFile)) {
    const keystorePassword = randomBytes(12).toString('hex');
    const [key, cert] = [join(dir, 'server.key'), join(dir, 'server.pem')];
    signedByCa(ca, {
      key,
      cert,
      subject: '/CN=localhost',
      extensions:
        'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n',
    });
    openssl([
      'pkcs12',
      '-export',
      '-in',
      cert,
      '-inkey',
      key,
      '-certfile',
      ca.caFile,
      '-name',
      'kafka',
      '-out',
      keystoreFile,
      '-passout',
      `pass:${keystorePassword}`,
    ]);
    rmSync(key, { force: true });
    writeFileSync(passwordFile, keystorePassword, { mode: 0o600 });
  }
  return {
    ...ca,
    keystoreFile,
    keystorePassword: readFileSync(passwordFile, 'utf8').trim(),
  };
}

/** A new EC key at `key` and its certificate at `cert`, signed by the CA for two days. */
function signedByCa(
  ca: { caFile: string; caKeyFile: string },
  o: { key: string; cert: string; subject: string; extensions: string },
): void {
  const [csr, ext] = [`${o.cert}.csr`, `${o.cert}.ext`];
  writeFileSync(ext, o.extensions);
  try {
    openssl(
      ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
        '-keyout',
        o.key,
        '-out',
        csr,
        '-subj',
        o.subject,
      ]),
    );
    openssl(
      ['x509', '-req', '-in', csr, '-CA', ca.caFile, '-CAkey', ca.caKeyFile]
        .concat(['-set_serial', `0x${randomBytes(8).toString('hex')}`, '-days', '2'])
        .concat(['-extfile', ext, '-out', o.cert]),
    );
  } finally {
    for (const file of [csr, ext]) rmSync(file, { force: true });
  }
}

function openssl(args: string[]): void {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  if (result.error)
    throw new Error(
      `openssl is needed for the local Kafka's TLS certificates: ${result.error.message}`,
    );
  if (result.status !== 0)
    throw new Error(`openssl ${args[0]} failed: ${(result.stderr || result.stdout).trim()}`);
}

/** A client certificate (PEM) the CA signed, for mutual TLS; kept when it is there already. */
export function createClientCertificate(dir: string, name = 'jibs-client') {
  const ca = createCertificateAuthority(dir);
  const client = { certFile: join(dir, `${name}.pem`), keyFile: join(dir, `${name}.key`) };
  if (existsSync(client.certFile) && existsSync(client.keyFile)) return client;
  signedByCa(ca, {
    key: client.keyFile,
    cert: client.certFile,
    subject: `/CN=${name}`,
    extensions: 'extendedKeyUsage=clientAuth\nbasicConstraints=CA:FALSE\n',
  });
  return client;
}
