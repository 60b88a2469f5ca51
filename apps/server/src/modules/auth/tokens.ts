import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newFamilyId(): string {
  return randomUUID();
}

/** Reset codes avoid look-alike characters (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newResetCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function resetCodeHash(resetOwnerId: number, code: string): string {
  return sha256(`${resetOwnerId}:${code.toUpperCase()}`);
}
