/**
 * Reading a bundle (Docs/bundle-format.md, format 7): line 1 alone, the runtime part (what
 * follows the first line feed, the tools part, is never read): the envelope, its format
 * version, the refusals, and the hash over the content's exact bytes, then the content
 * (bundleJSON.ts, bundleCoding.ts, consistency.ts). Nothing half-loaded ever decides.
 */
import { sha256Hex } from "./sha256.js";
import { utf8Encode } from "./utf8.js";
import type { BundleContent } from "./content.js";
import { parseStrict, type Json, type Parsed } from "./bundleJSON.js";
import { setPlaces } from "./bundleCoding.js";
import { checkContent } from "./consistency.js";

/** The bundle format version this library reads. */
export const BUNDLE_FORMAT_VERSION = 7;
/** The `format` every bundle names. */
export const BUNDLE_FORMAT_NAME = "haptic-policy-bundle";

/** Why a bundle was refused; `message` says what to do. */
export type BundleErrorKind = "not-a-bundle" | "unsupported-version" | "hash-mismatch" | "damaged";

/**
 * What a refusal is, as a stable code every runtime reports alike (Docs/bundle-format.md,
 * "What a reader must refuse").
 */
export type BundleRefusalCode =
  | "not-a-bundle" | "unsupported-version" | "hash-mismatch" | "truncated" | "syntax" | "invalid-utf8"
  | "lone-surrogate" | "duplicate-key" | "too-deep" | "number-out-of-range" | "unknown-field" | "missing-field"
  | "wrong-type" | "not-integer" | "unknown-tag" | "invalid-value" | "inconsistent" | "too-large";

/** The largest bundle every runtime reads: 8 MiB (Docs/bundle-format.md, "Size"). */
export const BUNDLE_MAX_BYTES = 8 << 20;

/** A bundle this library refuses to decide with. */
export class BundleError extends Error {
  /** What is wrong. */
  readonly kind: BundleErrorKind;
  /** For `unsupported-version`: the version found. */
  readonly foundVersion?: number;
  /** The stable code of the refusal, the same in every runtime. */
  readonly code: BundleRefusalCode;
  /** The JSON path of the refused place (`content.cells[2].rows[0].action.kind`; `""` for the envelope). */
  readonly path: string;
  /** The byte offset of the refused place in the file, when one place is wrong. */
  readonly offset: number | null;
  /** Creates one; `message` is the full text shown to people. */
  constructor(
    kind: BundleErrorKind, message: string, foundVersion?: number,
    place?: { code: BundleRefusalCode; path: string; offset: number | null },
  ) {
    super(message);
    this.name = "BundleError";
    this.kind = kind;
    this.foundVersion = foundVersion;
    const defaults: Record<BundleErrorKind, { code: BundleRefusalCode; path: string; offset: number | null }> = {
      "not-a-bundle": { code: "not-a-bundle", path: "", offset: 0 },
      "unsupported-version": { code: "unsupported-version", path: "formatVersion", offset: null },
      "hash-mismatch": { code: "hash-mismatch", path: "hash", offset: null },
      damaged: { code: "inconsistent", path: "content", offset: null },
    };
    const where = place ?? defaults[kind];
    this.code = where.code;
    this.path = where.path;
    this.offset = where.offset;
  }

  /** The input is no bundle. */
  static notABundle(why: string): BundleError {
    return new BundleError(
      "not-a-bundle",
      `not a haptic-policy bundle (${why}); build one with 'haptic-policy compile <policy> -o <bundle.json>'`,
    );
  }

  /** A bundle of another format version, older or newer. */
  static unsupportedVersion(found: number): BundleError {
    const supported = BUNDLE_FORMAT_VERSION;
    const message =
      found < supported
        ? `bundle format version ${found} is older than the version ${supported} this library reads; recompile the policy with this haptic-policy ('haptic-policy compile <policy> -o <bundle.json>')`
        : `bundle format version ${found} is newer than the version ${supported} this library reads; update the library, or compile the policy with the haptic-policy that matches it`;
    return new BundleError("unsupported-version", message, found);
  }

  /** A bundle that ends early or whose content does not decode: what, its code, path and byte offset. */
  static damaged(why: string, code: BundleRefusalCode = "inconsistent", path = "content", offset: number | null = null): BundleError {
    return new BundleError("damaged", `bundle is truncated or damaged (${why}); recompile it`, undefined, { code, path, offset });
  }
}

/** A bundle's checked content and its `sha256:` hash. */
export interface LoadedBundle {
  /** The content, checked. */
  readonly content: BundleContent;
  /** `sha256:<hex>` of the content's bytes. */
  readonly hash: string;
}

const MARKER = utf8Encode(',"content":');
const DOCUMENT_MARKER = utf8Encode(',"document":');

function find(needle: Uint8Array, haystack: Uint8Array, limit: number): number {
  const last = Math.min(haystack.length - needle.length, limit);
  outer: for (let start = 0; start <= last; start++) {
    for (let k = 0; k < needle.length; k++) if (haystack[start + k] !== needle[k]) continue outer;
    return start;
  }
  return -1;
}

/** Reads a bundle's bytes (or its text): checks envelope, version and hash, then the content. */
export function readBundle(input: Uint8Array | string): LoadedBundle {
  const file = typeof input === "string" ? utf8Encode(input) : input;
  if (file.length > BUNDLE_MAX_BYTES) {
    throw BundleError.damaged(`the bundle is ${file.length} bytes, over the ${BUNDLE_MAX_BYTES}-byte limit every runtime reads`, "too-large", "", BUNDLE_MAX_BYTES);
  }
  // Line 1 alone: the tools part after it is never parsed.
  const lineEnd = file.indexOf(0x0a);
  const bytes = lineEnd < 0 ? file : file.subarray(0, lineEnd);
  const markerStart = find(MARKER, bytes, 4096);
  if (markerStart < 0) {
    if (find(DOCUMENT_MARKER, bytes, 4096) >= 0) throw BundleError.unsupportedVersion(1);
    throw BundleError.notABundle("no bundle header found");
  }
  if (bytes[0] !== 0x7b) throw BundleError.notABundle("the file does not start with '{'");
  const headerBytes = new Uint8Array(markerStart + 1);
  headerBytes.set(bytes.subarray(0, markerStart));
  headerBytes[markerStart] = 0x7d;
  let header: Record<string, Json>;
  let spelledAsInteger = true;
  try {
    const parsedHeader = parseStrict(headerBytes, 0, headerBytes.length, "", 0);
    header = parsedHeader.value as Record<string, Json>;
    spelledAsInteger = !parsedHeader.nonIntegers.has("formatVersion");
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    throw BundleError.notABundle(`the header is not strict JSON: ${error.message}`);
  }
  const h = header;
  if (h.format !== BUNDLE_FORMAT_NAME) throw BundleError.notABundle(`'format' is not "${BUNDLE_FORMAT_NAME}"`);
  const version = h.formatVersion;
  if (typeof version !== "number" || !Number.isInteger(version) || !spelledAsInteger) throw BundleError.notABundle("'formatVersion' is missing");
  if (version !== BUNDLE_FORMAT_VERSION) throw BundleError.unsupportedVersion(version);
  const expected = h.hash;
  if (typeof expected !== "string") throw BundleError.notABundle("'hash' is missing");
  if (typeof h.policy !== "string") throw BundleError.notABundle("'policy' is missing");
  for (const key of Object.keys(h)) {
    if (!["format", "formatVersion", "policy", "hash"].includes(key)) throw BundleError.notABundle(`the header has an unknown field '${key}'`);
  }
  let end = bytes.length;
  while (end > markerStart && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d || bytes[end - 1] === 0x20 || bytes[end - 1] === 0x09)) end--;
  if (!(end > markerStart + MARKER.length) || bytes[end - 1] !== 0x7d) {
    throw BundleError.damaged("line 1 does not end with the closing brace", "truncated", "", end);
  }
  const contentStart = markerStart + MARKER.length;
  const contentBytes = bytes.subarray(contentStart, end - 1);
  const actual = "sha256:" + sha256Hex(contentBytes);
  if (actual !== expected) {
    throw new BundleError(
      "hash-mismatch",
      `bundle hash mismatch: header says ${expected}, content is ${actual}; the bundle was edited or damaged, recompile it`,
    );
  }
  const parsed = parseStrict(bytes, contentStart, end - 1, "content", 1);
  let located: Parsed | null = null;
  // Offsets are found again only for a refusal: a valid bundle keeps no map of its paths.
  const locate = (): Parsed => (located ??= parseStrict(bytes, contentStart, end - 1, "content", 1, true));
  setPlaces({ parsed, locate });
  try {
    return { content: checkContent(parsed.value), hash: actual };
  } finally {
    setPlaces(null);
  }
}
