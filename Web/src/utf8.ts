/** UTF-8 encoding and strict decoding without `TextEncoder` (absent on some Hermes builds). */

/** The UTF-8 bytes of a string (lone surrogates become U+FFFD). */
export function utf8Encode(text: string): Uint8Array {
  const Encoder = (globalThis as { TextEncoder?: new () => { encode(text: string): Uint8Array } }).TextEncoder;
  if (Encoder !== undefined) return new Encoder().encode(text);
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else code = 0xfffd;
    } else if (code >= 0xd800 && code < 0xe000) code = 0xfffd;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Uint8Array.from(out);
}

/** Decodes `bytes[start, end)` as UTF-8, or returns null when they are not valid UTF-8. */
export function utf8DecodeStrict(bytes: Uint8Array, start = 0, end = bytes.length): string | null {
  let out = "";
  let i = start;
  let ascii = true;
  for (let k = start; k < end; k++) if (bytes[k] >= 0x80) { ascii = false; break; }
  if (ascii) {
    // Short strings (names, numbers) one character at a time: no allocation but the string.
    if (end - start <= 64) {
      let s = "";
      for (let k = start; k < end; k++) s += String.fromCharCode(bytes[k]);
      return s;
    }
    let s = "";
    for (let k = start; k < end; k += 8192) {
      s += String.fromCharCode.apply(null, bytes.subarray(k, Math.min(end, k + 8192)) as unknown as number[]);
    }
    return s;
  }
  const codes: number[] = [];
  const flush = () => {
    out += String.fromCharCode.apply(null, codes);
    codes.length = 0;
  };
  while (i < end) {
    const b = bytes[i];
    let code: number;
    let need: number;
    let min: number;
    if (b < 0x80) { code = b; need = 0; min = 0; }
    else if (b >= 0xc2 && b < 0xe0) { code = b & 0x1f; need = 1; min = 0x80; }
    else if (b >= 0xe0 && b < 0xf0) { code = b & 0x0f; need = 2; min = 0x800; }
    else if (b >= 0xf0 && b < 0xf5) { code = b & 0x07; need = 3; min = 0x10000; }
    else return null;
    for (let k = 1; k <= need; k++) {
      if (i + k >= end) return null;
      const c = bytes[i + k];
      if ((c & 0xc0) !== 0x80) return null;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code < 0xe000)) return null;
    if (code >= 0x10000) {
      code -= 0x10000;
      codes.push(0xd800 + (code >> 10), 0xdc00 + (code & 0x3ff));
    } else codes.push(code);
    if (codes.length > 8000) flush();
    i += need + 1;
  }
  flush();
  return out;
}
