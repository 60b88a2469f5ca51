import { inflateRawSync } from 'node:zlib';
import { crc32 } from '../../lib/xlsx/zip.js';

/**
 * Reads the entries of a zip held in memory (a KSeF export package: invoice XML files and `_metadata.json`), by
 * its central directory, stored or deflated, each checked against its CRC-32. No Zip64: a KSeF package is at most
 * 10 000 invoices and 1 GB compressed.
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export class ZipReadError extends Error {
  override readonly name = 'ZipReadError';
}

export function readZip(zip: Uint8Array): ZipEntry[] {
  const buffer = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  // The end record is 22 bytes plus a comment of at most 65 535.
  for (let offset = buffer.length - 22; offset >= Math.max(0, buffer.length - 22 - 0xffff); offset--) {
    if (buffer.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw new ZipReadError('not a zip file (no end of central directory)');
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (buffer.readUInt32LE(offset) !== CENTRAL_DIRECTORY_HEADER) throw new ZipReadError('broken central directory');
    const method = buffer.readUInt16LE(offset + 10);
    const crc = buffer.readUInt32LE(offset + 16);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const size = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const localOffset = buffer.readUInt32LE(offset + 42);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;

    if (buffer.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER)
      throw new ZipReadError(`broken local header of ${name}`);
    const dataStart = localOffset + 30 + buffer.readUInt16LE(localOffset + 26) + buffer.readUInt16LE(localOffset + 28);
    const raw = buffer.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else throw new ZipReadError(`${name}: compression method ${method} is not supported`);
    if (data.length !== size || crc32(data) !== crc) throw new ZipReadError(`${name}: size or CRC-32 does not match`);
    entries.push({ name, data });
  }
  return entries;
}
