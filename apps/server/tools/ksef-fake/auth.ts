import type { EncryptionInfo, InitTokenAuthenticationRequest } from '../../src/modules/ksef/api-types.js';
import { publicKeyIdOf, rsaOaepDecrypt, type SymmetricKey, sha256Base64 } from '../../src/modules/ksef/crypto.js';
import { exception, inputError, unauthorized } from './answers.js';
import { opaqueToken, referenceNumber } from './ids.js';
import { type KeyPair, type KeyUsage, testCertificate } from './keys.js';

/**
 * The fake's side of authentication with a KSeF token (`uwierzytelnianie.md`): challenges live 10 minutes, the
 * token must be one registered for the context NIP and come with the challenge's timestamp, encrypted with the
 * KsefTokenEncryption key; the status is "in progress" for `pendingPolls` polls, then success or 450; tokens are
 * redeemed once; access tokens live 15 minutes, refresh tokens 7 days (by the fake's clock).
 */
const CHALLENGE_MS = 10 * 60_000;
const ACCESS_MS = 15 * 60_000;
const REFRESH_MS = 7 * 24 * 3600_000;
const AUTHENTICATION_MS = 60 * 60_000;

interface Operation {
  referenceNumber: string;
  nip: string;
  authenticationToken: string;
  startedAt: Date;
  pollsLeft: number;
  outcome: { code: number; description: string; details?: string[] };
  isRedeemed: boolean;
  requestHash: string;
}

interface IssuedToken {
  kind: 'authentication' | 'access' | 'refresh';
  nip: string;
  operation: string;
  validUntil: Date;
}

export interface PublishedKey {
  usage: KeyUsage;
  keys: KeyPair;
  /** DER. */
  certificate: Buffer;
  /** SHA-256 of the DER certificate, Base64. */
  certificateId: string;
  /** SHA-256 of the DER SubjectPublicKeyInfo, Base64. */
  publicKeyId: string;
  validFrom: Date;
  validTo: Date;
}

export function publishKeys(keyPairs: Record<KeyUsage, KeyPair>, validFrom: Date): PublishedKey[] {
  return (Object.entries(keyPairs) as [KeyUsage, KeyPair][]).map(([usage, keys]) => {
    const validTo = new Date(validFrom);
    validTo.setUTCFullYear(validTo.getUTCFullYear() + 5);
    const certificate = testCertificate(keys, usage, validFrom);
    return {
      usage,
      keys,
      certificate,
      certificateId: sha256Base64(certificate),
      publicKeyId: publicKeyIdOf(keys.publicKey),
      validFrom,
      validTo,
    };
  });
}

export class FakeAuth {
  /** NIP (or `*`: any NIP) → the KSeF tokens registered for it. */
  readonly ksefTokens = new Map<string, Set<string>>();
  pendingPolls = 1;
  private readonly challenges = new Map<string, { timestampMs: number; isUsed: boolean }>();
  private readonly operations = new Map<string, Operation>();
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    readonly published: readonly PublishedKey[],
    private readonly now: () => Date,
  ) {}

  registerKsefToken(nip: string, token: string): void {
    if (!this.ksefTokens.has(nip)) this.ksefTokens.set(nip, new Set());
    this.ksefTokens.get(nip)!.add(token);
  }

  keyFor(usage: KeyUsage, publicKeyId: string | null | undefined): PublishedKey {
    const published = this.published.find((key) => key.usage === usage)!;
    if (publicKeyId && publicKeyId !== published.publicKeyId) {
      throw exception(
        this.now(),
        21470,
        'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.',
        [`Klucz o identyfikatorze ${publicKeyId} nie jest wspierany.`],
      );
    }
    return published;
  }

  /** The AES key and IV of a session or export, decrypted with the SymmetricKeyEncryption key (else 400 / 21405). */
  symmetricKeyOf(encryption: EncryptionInfo): SymmetricKey {
    const published = this.keyFor('SymmetricKeyEncryption', encryption.publicKeyId);
    let key: SymmetricKey;
    try {
      key = {
        key: rsaOaepDecrypt(published.keys.privateKey, Buffer.from(encryption.encryptedSymmetricKey, 'base64')),
        iv: Buffer.from(encryption.initializationVector, 'base64'),
      };
    } catch {
      throw inputError(this.now(), 'Nie można odszyfrować klucza symetrycznego.');
    }
    if (key.key.length !== 32 || key.iv.length !== 16)
      throw inputError(this.now(), 'Nieprawidłowy klucz lub wektor inicjujący.');
    return key;
  }

  challenge() {
    const now = this.now();
    const challenge = referenceNumber('CR', now);
    this.challenges.set(challenge, { timestampMs: now.getTime(), isUsed: false });
    return { challenge, timestamp: now.toISOString(), timestampMs: now.getTime(), clientIp: '127.0.0.1' };
  }

  startWithKsefToken(request: InitTokenAuthenticationRequest) {
    const now = this.now();
    const challenge = this.challenges.get(request.challenge);
    if (!challenge || challenge.isUsed || now.getTime() - challenge.timestampMs > CHALLENGE_MS) {
      throw exception(now, 21111, 'Nieprawidłowe wyzwanie autoryzacyjne.');
    }
    challenge.isUsed = true;
    const key = this.keyFor('KsefTokenEncryption', request.publicKeyId);
    const nip = request.contextIdentifier.value;
    const outcome = this.tokenOutcome(key, request.encryptedToken, challenge.timestampMs, nip);
    const reference = referenceNumber('AU', now);
    const authenticationToken = opaqueToken('authentication');
    this.operations.set(reference, {
      referenceNumber: reference,
      nip,
      authenticationToken,
      startedAt: now,
      pollsLeft: this.pendingPolls,
      outcome,
      isRedeemed: false,
      requestHash: sha256Base64(Buffer.from(JSON.stringify(request))),
    });
    const validUntil = new Date(now.getTime() + AUTHENTICATION_MS);
    this.tokens.set(authenticationToken, { kind: 'authentication', nip, operation: reference, validUntil });
    return {
      referenceNumber: reference,
      authenticationToken: { token: authenticationToken, validUntil: validUntil.toISOString() },
    };
  }

  private tokenOutcome(key: PublishedKey, encryptedToken: string, timestampMs: number, nip: string) {
    const failed = (details: string) => ({
      code: 450,
      description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
      details: [details],
    });
    let plain: string;
    try {
      plain = rsaOaepDecrypt(key.keys.privateKey, Buffer.from(encryptedToken, 'base64')).toString('utf8');
    } catch {
      return failed('Nieprawidłowy token');
    }
    const separator = plain.lastIndexOf('|');
    const token = plain.slice(0, separator);
    if (separator < 0 || plain.slice(separator + 1) !== String(timestampMs)) return failed('Nieprawidłowy czas tokena');
    const isRegistered = this.ksefTokens.get(nip)?.has(token) || this.ksefTokens.get('*')?.has(token);
    if (!isRegistered) return failed('Nieprawidłowy token');
    return { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' };
  }

  status(reference: string, bearer: string | null, instance: string) {
    const operation = this.operationOf(reference, bearer, instance);
    const inProgress = operation.pollsLeft > 0;
    if (inProgress) operation.pollsLeft -= 1;
    return {
      startDate: operation.startedAt.toISOString(),
      authenticationMethod: 'Token',
      authenticationMethodInfo: { category: 'Token', code: 'token', displayName: 'Token KSeF' },
      status: inProgress ? { code: 100, description: 'Uwierzytelnianie w toku' } : operation.outcome,
      isTokenRedeemed: operation.isRedeemed,
    };
  }

  redeem(bearer: string | null, instance: string) {
    const token = this.validToken(bearer, 'authentication', instance);
    const operation = this.operations.get(token.operation)!;
    if (operation.isRedeemed || operation.pollsLeft > 0 || operation.outcome.code !== 200) {
      throw exception(this.now(), 21301, 'Brak autoryzacji.', [
        operation.isRedeemed
          ? `Tokeny dla operacji uwierzytelniania ${operation.referenceNumber} zostały już pobrane.`
          : 'Status uwierzytelniania nie pozwala na pobranie tokenów.',
      ]);
    }
    operation.isRedeemed = true;
    return { accessToken: this.issue('access', operation), refreshToken: this.issue('refresh', operation) };
  }

  refresh(bearer: string | null, instance: string) {
    const token = this.validToken(bearer, 'refresh', instance);
    return { accessToken: this.issue('access', this.operations.get(token.operation)!) };
  }

  /** The context NIP of a valid access token, else 401. */
  contextOf(bearer: string | null, instance: string): { nip: string; authenticationHash: string } {
    const token = this.validToken(bearer, 'access', instance);
    return { nip: token.nip, authenticationHash: this.operations.get(token.operation)!.requestHash };
  }

  /** The tests' "your token expired": every access (or refresh) token issued so far stops working. */
  expire(kind: 'access' | 'refresh'): void {
    const past = new Date(this.now().getTime() - 1);
    for (const token of this.tokens.values()) if (token.kind === kind) token.validUntil = past;
  }

  private issue(kind: 'access' | 'refresh', operation: Operation) {
    const token = opaqueToken(kind);
    const validUntil = new Date(this.now().getTime() + (kind === 'access' ? ACCESS_MS : REFRESH_MS));
    this.tokens.set(token, { kind, nip: operation.nip, operation: operation.referenceNumber, validUntil });
    return { token, validUntil: validUntil.toISOString() };
  }

  private operationOf(reference: string, bearer: string | null, instance: string): Operation {
    const token = this.validToken(bearer, 'authentication', instance);
    const operation = this.operations.get(reference);
    if (!operation || token.operation !== reference) {
      throw exception(this.now(), 21304, 'Brak uwierzytelnienia.', [
        `Operacja uwierzytelniania o numerze referencyjnym ${reference} nie została znaleziona.`,
      ]);
    }
    return operation;
  }

  private validToken(bearer: string | null, kind: IssuedToken['kind'], instance: string): IssuedToken {
    const token = bearer ? this.tokens.get(bearer) : undefined;
    if (!token || token.kind !== kind) throw unauthorized(this.now(), instance, 'Brak lub nieprawidłowy token.');
    if (token.validUntil.getTime() <= this.now().getTime()) throw unauthorized(this.now(), instance, 'Token wygasł.');
    return token;
  }
}
