/** Polish NIP (tax id): 10 digits, the last one a checksum of the first nine (weights below, sum mod 11). */
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

function nipChecksum(firstNine: string): number {
  return NIP_WEIGHTS.reduce((sum, weight, index) => sum + weight * Number(firstNine[index]), 0) % 11;
}

/** True for ten digits whose last digit is the checksum of the first nine (a checksum of 10 is never valid). */
export function isValidNip(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const checksum = nipChecksum(digits.slice(0, 9));
  return checksum !== 10 && checksum === Number(digits[9]);
}

/**
 * A valid NIP from a serial number below 10^8 (test fixtures and demo data): the serial as eight digits, a ninth
 * digit that keeps the checksum below 10, then the checksum. Different serials give different NIPs.
 */
export function nipFromSerial(serial: number): string {
  const firstEight = String(Math.abs(Math.trunc(serial)) % 100_000_000).padStart(8, '0');
  for (let ninth = 0; ; ninth++) {
    const firstNine = `${firstEight}${ninth}`;
    const checksum = nipChecksum(firstNine);
    if (checksum !== 10) return `${firstNine}${checksum}`;
  }
}
