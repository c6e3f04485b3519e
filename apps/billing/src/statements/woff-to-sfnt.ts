import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

/**
 * A WOFF 1.0 font (W3C, 2012) as the plain OpenType (sfnt) file it wraps: each table inflated
 * once, here, with Node's zlib. fontkit opens a WOFF as it is and inflates a table with a
 * JavaScript inflater every time it reads it, which made one Arabic statement cost over a second
 * of billing's event loop (glyph by glyph from the compressed `glyf`).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER_BYTES || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error('Not a WOFF 1.0 font');
  }
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  if (woff.length < WOFF_HEADER_BYTES + numTables * WOFF_ENTRY_BYTES) {
    throw new Error('A WOFF font cut short in its table directory');
  }
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const tag = woff.readUInt32BE(entry);
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const checksum = woff.readUInt32BE(entry + 16);
    if (offset + compLength > woff.length) throw new Error('A WOFF table lies past the file');
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table inflated to the wrong length');
    return { tag, checksum, data };
  });

  // The sfnt header's binary-search fields (OpenType, "Table Directory").
  const power = 2 ** Math.floor(Math.log2(Math.max(numTables, 1)));
  const searchRange = power * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const dataStart = SFNT_HEADER_BYTES + numTables * SFNT_ENTRY_BYTES;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), dataStart);
  const sfnt = Buffer.alloc(total);
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = dataStart;
  tables.forEach((table, index) => {
    const record = SFNT_HEADER_BYTES + index * SFNT_ENTRY_BYTES;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
