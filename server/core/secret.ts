import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { BackendConfig } from '../config';
import { resolveSessionSecret } from '../../lib/server/secret';

/**
 * Secrets kept in the database (issue #25: 数据源 passwords) are AES-256-GCM ciphertext under a key derived (HKDF-SHA256)
 * from the session secret: SESSION_SECRET, or the one generated once in DATA_DIR (lib/server/secret.ts), so a restart
 * and every instance sharing the secret can read them back, and a copy of the database alone cannot.
 * Stored as `v1:<base64url(iv | tag | ciphertext)>`.
 */

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

/** The 32-byte key for this installation's stored secrets. */
export function secretKey(config: Pick<BackendConfig, 'dataDir'>): Buffer {
  const secret = resolveSessionSecret({ ...process.env, DATA_DIR: config.dataDir });
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'jiaowu', 'sys_data_source.db_password', 32));
    keys.set(secret, key);
  }
  return key;
}

export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text, or null when the value is not ours or was altered (GCM's tag fails). */
export function decryptSecret(stored: string | null | undefined, key: Buffer): string | null {
  if (!stored || !stored.startsWith(VERSION)) return null;
  const raw = Buffer.from(stored.slice(VERSION.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
