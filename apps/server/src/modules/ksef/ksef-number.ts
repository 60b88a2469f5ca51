/**
 * The KSeF number KSeF gives an accepted invoice (KSeF docs `faktury/numer-ksef.md`):
 * `NNNNNNNNNN-YYYYMMDD-XXXXXXXXXXXX-CC`, 35 characters: the seller's NIP, the date KSeF took the invoice in, 12
 * upper-case hex digits of its own and a CRC-8 (polynomial 0x07, initial value 0, no reflection, no final xor) of the
 * first 32 characters as two upper-case hex digits. Numbers from KSeF 1.0 have 36 characters (a hyphen inside the
 * technical part, as the OpenAPI pattern allows); store them as varchar(36).
 */
const KSEF_NUMBER = /^(\d{10})-(\d{8})-([0-9A-F]{6}-?[0-9A-F]{6})-([0-9A-F]{2})$/;

/** CRC-8, polynomial 0x07, initial value 0x00 (CRC-8/SMBUS), over the bytes of an ASCII string. */
export function crc8(text: string): number {
  let crc = 0;
  for (let index = 0; index < text.length; index++) {
    crc ^= text.charCodeAt(index) & 0xff;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function checksumOf(data: string): string {
  return crc8(data).toString(16).toUpperCase().padStart(2, '0');
}

/** True for a well-formed KSeF number whose last two characters are the CRC-8 of everything before the last hyphen. */
export function isValidKsefNumber(value: string): boolean {
  const match = KSEF_NUMBER.exec(value);
  if (!match) return false;
  const data = value.slice(0, value.length - 3);
  return checksumOf(data) === match[4];
}

/** A KSeF number from its parts (what the fake KSeF assigns): NIP, the date as YYYY-MM-DD and 12 hex digits. */
export function makeKsefNumber(nip: string, isoDate: string, technicalHex: string): string {
  if (!/^\d{10}$/.test(nip)) throw new RangeError(`NIP must be 10 digits: ${nip}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new RangeError(`date must be YYYY-MM-DD: ${isoDate}`);
  if (!/^[0-9A-Fa-f]{12}$/.test(technicalHex))
    throw new RangeError(`technical part must be 12 hex digits: ${technicalHex}`);
  const data = `${nip}-${isoDate.replaceAll('-', '')}-${technicalHex.toUpperCase()}`;
  return `${data}-${checksumOf(data)}`;
}

/** The seller NIP and the acceptance date (YYYY-MM-DD) a valid KSeF number carries, or null. */
export function ksefNumberParts(value: string): { nip: string; date: string } | null {
  if (!isValidKsefNumber(value)) return null;
  const [, nip, ymd] = KSEF_NUMBER.exec(value)!;
  return { nip: nip!, date: `${ymd!.slice(0, 4)}-${ymd!.slice(4, 6)}-${ymd!.slice(6, 8)}` };
}
