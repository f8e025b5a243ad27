/**
 * Strapi v4's archive encryption: the archive (after compression) runs through a cipher whose
 * key is derived from the user's key with scrypt and an empty salt; `aes-128-ecb` (Strapi's
 * default, no IV) or `aes128`/`aes192`/`aes256` (CBC, the IV being the derived bytes after the key).
 */
import { createCipheriv, createDecipheriv, scryptSync, type Cipher, type Decipher } from 'node:crypto';

export const ALGORITHMS = ['aes-128-ecb', 'aes128', 'aes192', 'aes256'] as const;
export type Algorithm = (typeof ALGORITHMS)[number];
export const DEFAULT_ALGORITHM: Algorithm = 'aes-128-ecb';

const KEY_BYTES: Record<Algorithm, number> = { 'aes-128-ecb': 16, aes128: 16, aes192: 24, aes256: 32 };

function derive(key: string, algorithm: Algorithm): { key: Buffer; iv: Buffer | null } {
  const size = KEY_BYTES[algorithm];
  if (algorithm === 'aes-128-ecb') return { key: scryptSync(key, '', size), iv: null };
  const derived = scryptSync(key, '', size + 16);
  return { key: derived.subarray(0, size), iv: derived.subarray(size) };
}

export function encryptionStream(key: string, algorithm: Algorithm = DEFAULT_ALGORITHM): Cipher {
  const derived = derive(key, algorithm);
  return createCipheriv(algorithm, derived.key, derived.iv);
}

export function decryptionStream(key: string, algorithm: Algorithm = DEFAULT_ALGORITHM): Decipher {
  const derived = derive(key, algorithm);
  return createDecipheriv(algorithm, derived.key, derived.iv);
}
