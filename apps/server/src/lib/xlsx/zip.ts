import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { constants, deflateRawSync } from 'node:zlib';

/**
 * A streaming zip writer for the .xlsx exports: each entry is deflated chunk by chunk as its text
 * comes, its CRC-32 and sizes follow the data in a data descriptor (flag bit 3), and the central directory closes
 * the file, so nothing but the current chunk is held in memory.
 *
 * No Zip64: an export of 100 000 rows is about 100 MB of XML and a few MB zipped, far below the 4 GB a classic
 * zip can address; a file that would pass a limit throws instead of writing a broken zip.
 */

/**
 * Bytes of text gathered before they are deflated: fewer, larger deflate calls (each starts a fresh dictionary).
 * The text is encoded part by part into one reused buffer: joining it into one long string first would put a
 * large string on the old heap for every chunk.
 */
const DEFLATE_CHUNK_BYTES = 256 * 1024;
/** UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units). */
const MAX_UTF8_BYTES_PER_UNIT = 3;
/** Bytes gathered before they go to the stream: each write is a message from the worker thread to the server. */
const OUTPUT_CHUNK_BYTES = 128 * 1024;
/** The fastest level: the XML repeats itself so much that it still shrinks about tenfold. */
const DEFLATE_LEVEL = 1;
const ZIP32_LIMIT = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;

const CRC_TABLE = (() => {
  const table = new Int32Array(256 * 4);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  // Slicing by four: table[k * 256 + n] is the CRC of byte n followed by k zero bytes.
  for (let n = 0; n < 256; n++) {
    let c = table[n]!;
    for (let k = 1; k < 4; k++) {
      c = table[c & 0xff]! ^ (c >>> 8);
      table[k * 256 + n] = c;
    }
  }
  return table;
})();

/** The CRC-32 (zip's, ISO-HDLC) of `data`, continuing from `crc` (0 at the start). Node 20 has no zlib.crc32. */
export function crc32(data: Uint8Array, crc = 0): number {
  const t = CRC_TABLE;
  let c = ~crc;
  let i = 0;
  const whole = data.length - (data.length % 4);
  for (; i < whole; i += 4) {
    c ^= data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    c = t[768 + (c & 0xff)]! ^ t[512 + ((c >>> 8) & 0xff)]! ^ t[256 + ((c >>> 16) & 0xff)]! ^ t[c >>> 24]!;
  }
  for (; i < data.length; i++) c = t[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** The MS-DOS date and time of the entries (local fields, two-second steps). */
function dosDateTime(date: Date) {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressedSize: number;
}

const FLAG_DATA_DESCRIPTOR = 0x0008;
const METHOD_DEFLATE = 8;
const VERSION = 20;

export function createZipWriter(out: Writable, modified = new Date()) {
  const stamp = dosDateTime(modified);
  const entries: Entry[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let offset = 0;
  let entry: Entry | null = null;
  const text = Buffer.allocUnsafe(DEFLATE_CHUNK_BYTES);
  let textBytes = 0;

  const flushOutput = () => {
    if (pendingBytes === 0) return;
    out.write(pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  const emit = (bytes: Buffer) => {
    pending.push(bytes);
    pendingBytes += bytes.length;
    offset += bytes.length;
    if (offset > ZIP32_LIMIT) throw new Error('the workbook passes the 4 GB a zip without Zip64 can hold');
    if (pendingBytes >= OUTPUT_CHUNK_BYTES) flushOutput();
  };
  const deflate = (current: Entry, data: Buffer, isLast: boolean) => {
    current.crc = crc32(data, current.crc);
    current.size += data.length;
    if (current.size > ZIP32_LIMIT) throw new Error(`${current.name} passes the 4 GB a zip without Zip64 can hold`);
    // A sync flush ends each chunk on a byte boundary without ending the deflate stream; the last chunk ends it.
    const compressed = deflateRawSync(data, {
      level: DEFLATE_LEVEL,
      finishFlush: isLast ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    });
    current.compressedSize += compressed.length;
    emit(compressed);
  };
  const flushText = (current: Entry, isLast: boolean) => {
    if (textBytes === 0 && !isLast) return;
    const data = text.subarray(0, textBytes);
    textBytes = 0;
    // Synchronous: the buffer is free again once deflate returns.
    deflate(current, data, isLast);
  };

  return {
    /** Starts the next entry (the previous one must be closed). */
    open(name: string) {
      if (entry) throw new Error(`zip entry ${entry.name} is still open`);
      if (entries.length >= MAX_ENTRIES) throw new Error('too many zip entries');
      const nameBytes = Buffer.from(name, 'utf8');
      entry = { name: nameBytes, offset, crc: 0, size: 0, compressedSize: 0 };
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(FLAG_DATA_DESCRIPTOR, 6);
      header.writeUInt16LE(METHOD_DEFLATE, 8);
      header.writeUInt16LE(stamp.time, 10);
      header.writeUInt16LE(stamp.date, 12);
      // CRC-32 and sizes (14..25) stay zero: they follow the data.
      header.writeUInt16LE(nameBytes.length, 26);
      emit(Buffer.concat([header, nameBytes]));
    },
    /** Text of the open entry; deflated once enough has gathered. */
    write(part: string) {
      if (!entry) throw new Error('no zip entry is open');
      const maxBytes = part.length * MAX_UTF8_BYTES_PER_UNIT;
      if (textBytes + maxBytes > DEFLATE_CHUNK_BYTES) flushText(entry, false);
      if (maxBytes > DEFLATE_CHUNK_BYTES) deflate(entry, Buffer.from(part, 'utf8'), false);
      else textBytes += text.write(part, textBytes, 'utf8');
    },
    close() {
      if (!entry) throw new Error('no zip entry is open');
      flushText(entry, true);
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(entry.crc, 4);
      descriptor.writeUInt32LE(entry.compressedSize, 8);
      descriptor.writeUInt32LE(entry.size, 12);
      emit(descriptor);
      entries.push(entry);
      entry = null;
    },
    /** The central directory and its end record; the stream is ended and flushed. */
    async finish() {
      if (entry) throw new Error(`zip entry ${entry.name} is still open`);
      const start = offset;
      for (const written of entries) {
        const record = Buffer.alloc(46);
        record.writeUInt32LE(0x02014b50, 0);
        record.writeUInt16LE(VERSION, 4);
        record.writeUInt16LE(VERSION, 6);
        record.writeUInt16LE(FLAG_DATA_DESCRIPTOR, 8);
        record.writeUInt16LE(METHOD_DEFLATE, 10);
        record.writeUInt16LE(stamp.time, 12);
        record.writeUInt16LE(stamp.date, 14);
        record.writeUInt32LE(written.crc, 16);
        record.writeUInt32LE(written.compressedSize, 20);
        record.writeUInt32LE(written.size, 24);
        record.writeUInt16LE(written.name.length, 28);
        // Extra, comment, disk, attributes (30..41) stay zero.
        record.writeUInt32LE(written.offset, 42);
        emit(Buffer.concat([record, written.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      emit(end);
      flushOutput();
      out.end();
      await finished(out);
    },
  };
}
