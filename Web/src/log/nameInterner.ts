/** The log reader's memory of the names it has read (the Swift tooling's NameInterner.swift). */
import { utf8DecodeStrict } from "../utf8.js";

/**
 * Short ASCII strings by their bytes: a log repeats the same event, screen and subject
 * names, so each is decoded once and then found by a hash of its bytes.
 */
const INTERN_SLOTS = 4096;
const internKeys: (Uint8Array | undefined)[] = new Array(INTERN_SLOTS);
const internTexts: string[] = new Array(INTERN_SLOTS);

export function internASCII(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n > 64) return utf8DecodeStrict(bytes, start, end)!;
  let h = n;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + bytes[i]) | 0;
  const slot = h & (INTERN_SLOTS - 1);
  const key = internKeys[slot];
  if (key !== undefined && key.length === n) {
    let same = true;
    for (let k = 0; k < n; k++) {
      if (key[k] !== bytes[start + k]) {
        same = false;
        break;
      }
    }
    if (same) return internTexts[slot];
  }
  const text = utf8DecodeStrict(bytes, start, end)!;
  internKeys[slot] = bytes.slice(start, end);
  internTexts[slot] = text;
  return text;
}
