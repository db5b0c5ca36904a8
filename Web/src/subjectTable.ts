/**
 * The subjects a session holds (Sources/HapticPolicy/Evaluation/SubjectTable.swift): the
 * policy's own (pinned, never forgotten) and those seen, within a limit and a byte limit of
 * names, the least recently seen forgotten first. A name is looked up once per event
 * (`touch`); its entry holds the subject's band states, made at its first band sample.
 */
import type { BandState } from "./bandTracker.js";

/** One subject held: its band states (null before its first band sample). */
export interface SubjectEntry { levels: BandState[] | null }

/** The most bytes of subject names a session holds (UTF-8). */
export const SUBJECT_NAME_BYTE_LIMIT = 16 << 20;

function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

export class SubjectTable {
  /** The subjects held, least recently seen first (the pinned ones keep their place). */
  readonly entries = new Map<string, SubjectEntry>();
  /** The band states of samples without a subject. */
  readonly noSubject: SubjectEntry;
  private readonly pinned: ReadonlySet<string>;
  /** The most subjects held, the policy's own included. */
  readonly limit: number;
  private bytes = 0;
  /** Subjects forgotten so far to stay within the limits. */
  forgotten = 0;
  /** Subjects ended so far by events that end their subject. */
  ended = 0;

  constructor(pinned: readonly string[], limit: number, private readonly slotCount: number) {
    this.pinned = new Set(pinned);
    for (const name of pinned) {
      this.entries.set(name, { levels: null });
      this.bytes += utf8Length(name);
    }
    this.limit = Math.max(limit, pinned.length + 1);
    this.noSubject = { levels: this.freshLevels() };
  }

  private freshLevels(): BandState[] {
    return Array.from({ length: this.slotCount }, () => ({ level: -1, pending: -1, since: 0 }));
  }

  /** Subjects held now. */
  get count(): number { return this.entries.size; }

  /** The entry of a subject held now, without marking it seen. */
  find(name: string): SubjectEntry | undefined { return this.entries.get(name); }

  /** Interns and marks a subject seen, forgetting the least recently seen past the limits. */
  touch(name: string): SubjectEntry {
    const held = this.entries.get(name);
    if (held !== undefined) {
      if (!this.pinned.has(name)) {
        this.entries.delete(name);
        this.entries.set(name, held);
      }
      return held;
    }
    const bytes = utf8Length(name);
    const over = () => this.entries.size >= this.limit || this.bytes + bytes > SUBJECT_NAME_BYTE_LIMIT;
    if (over()) {
      for (const old of this.entries.keys()) {
        if (!over()) break;
        if (this.pinned.has(old)) continue;
        this.entries.delete(old);
        this.bytes -= utf8Length(old);
        this.forgotten++;
      }
    }
    const entry: SubjectEntry = { levels: null };
    this.entries.set(name, entry);
    this.bytes += bytes;
    return entry;
  }

  /** The band states of a subject entry, made at its first band sample. */
  levelsOf(entry: SubjectEntry): BandState[] {
    if (entry.levels === null) entry.levels = this.freshLevels();
    return entry.levels;
  }

  /**
   * The band states of subject `name` for a hot reload carrying its levels over: its
   * entry's (the reload touched every subject first), or new ones held under the name.
   */
  carriedLevels(name: string): BandState[] {
    let entry = this.entries.get(name);
    if (entry === undefined) {
      entry = { levels: null };
      this.entries.set(name, entry);
    }
    return this.levelsOf(entry);
  }

  /**
   * Forgets subject `name` (its event ends it): a subject the policy names keeps its place
   * and loses its band state only.
   */
  end(name: string): void {
    const entry = this.entries.get(name);
    if (entry === undefined) return;
    if (this.pinned.has(name)) {
      entry.levels = null;
      return;
    }
    this.entries.delete(name);
    this.bytes -= utf8Length(name);
    this.ended++;
  }
}
