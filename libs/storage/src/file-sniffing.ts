import type { FileContentType } from '@jibs/domain';

/** How many leading bytes the content check reads. */
export const SNIFF_BYTES = 16;

const SIGNATURES: readonly { type: FileContentType; bytes: readonly number[] }[] = [
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** What a file is by its first bytes (magic numbers); undefined for anything else. */
export function sniffFileType(head: Uint8Array): FileContentType | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.type;
}
