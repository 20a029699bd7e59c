import { brotli, gzip } from '../../../devstack/app-server/precompress.ts';

/** Bytes of one body as served: raw, gzip level 9 and brotli quality 11 (what devstack/app-server/precompress.ts writes). */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

export function sizesOf(body: Uint8Array): Sizes {
  return { raw: body.byteLength, gzip: gzip(body).byteLength, brotli: brotli(body).byteLength };
}

export function addSizes(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

export function sumSizes(list: Iterable<Sizes>): Sizes {
  let total = ZERO;
  for (const sizes of list) total = addSizes(total, sizes);
  return total;
}

/** Kilobytes as this project reports them: 1 KB = 1000 bytes, like Vite's build report. */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

export function sizesText(sizes: Sizes): string {
  return `${kb(sizes.gzip)} KB gzip (${kb(sizes.raw)} KB raw, ${kb(sizes.brotli)} KB brotli)`;
}
