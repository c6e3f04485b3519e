import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte key from its text: 64 hex characters, or base64 / base64url. Null if neither. */
export function parseSecretBoxKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

/**
 * Small secrets kept at rest (authenticator secrets), sealed with AES-256-GCM under a key that
 * only the environment holds. Each value is bound to its owner (`context`, e.g. the user id):
 * a sealed value copied to another row does not open.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromKey(text: string): SecretBox {
    const key = parseSecretBoxKey(text);
    if (!key) throw new Error('The encryption key must be 32 bytes: 64 hex characters or base64');
    return new SecretBox(key);
  }

  /** True for a value this box wrote (as opposed to a legacy plain value). */
  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${[iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
  }

  /** The plain value; throws if it was sealed under another key or context, or altered. */
  open(sealed: string, context: string): string {
    const parts = SecretBox.isSealed(sealed) ? sealed.slice(PREFIX.length).split('.') : [];
    if (parts.length !== 3) throw new Error('Not a sealed value');
    const [iv, data, tag] = parts.map((p) => Buffer.from(p, 'base64url')) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
