/**
 * Hot reload (Sources/HapticPolicy/Evaluation/Session/SessionMigration.swift; `Session.continuing`):
 * a session of a new policy takes over the state of one of another: foreground, engine,
 * subjects (in order of recency), parameters still in range, the user level by name, the
 * screen (unknown when it is gone) and its ticker, loops whose feedback still loops and is
 * kept, enforced budgets unchanged, band levels by name. Names are matched here, once; the
 * new session decides by its own ids.
 */
import type { BandState } from "./bandTracker.js";
import type { SessionState } from "./session.js";

/** Takes over `previous`'s state into `next` (made with the same device and subject limit). */
export function carryOver(next: SessionState, previous: SessionState): void {
  const p = next.p;
  const old = previous.p;
  next.foreground = previous.foreground;
  next.parameters.carryOver(previous.parameters, old);
  const levelName = previous.userLevels.name;
  if (levelName !== null) {
    const level = p.userLevelIndex(levelName);
    if (level !== null) next.userLevels.level = level;
  }
  next.engine = { ...previous.engine };
  next.engineEverStarted = previous.engineEverStarted;
  for (const name of previous.subjects.entries.keys()) next.subjects.touch(name);
  if (previous.screen !== null) {
    const name = previous.screenName;
    const id = name === null ? undefined : p.screenIndex.get(name);
    if (id !== undefined) {
      next.screen = id;
      next.ticker.isOpen = previous.ticker.isOpen;
    } else {
      next.screen = -1;
      next.unknownScreenName = name;
    }
  }
  const loops = [...next.loops.list];
  for (const loop of previous.loops.list) {
    const f = p.feedback.findIndex((x) => x.name === loop.feedback);
    if (f < 0 || p.feedback[f].loop === null) continue;
    const oldRule = loop.ruleSlot >= 0 && loop.ruleSlot < old.ruleSlotIDs.length ? old.ruleSlotIDs[loop.ruleSlot] : null;
    const slot = oldRule === null ? -1 : p.ruleSlotIDs.indexOf(oldRule);
    if (!next.userLevels.keeps(f, slot)) continue;
    loops.push({ ...loop, feedbackIndex: f, ruleSlot: slot });
  }
  next.loops.list = loops;
  next.budgets.carryOver(previous.budgets, old);
  carryOverBandLevels(next, previous);
}

/** The band levels of every signal that still exists, by event, band and level name. */
function carryOverBandLevels(next: SessionState, previous: SessionState): void {
  const p = next.p;
  const old = previous.p;
  old.bandSlots.forEach((oldSlot, o) => {
    const band = old.bands[oldSlot.band];
    const newEvent = p.eventIndex.get(old.eventNames[oldSlot.event]);
    const newBand = p.bands.findIndex((x) => x.name === band.name);
    const newSlot = p.bandSlots.findIndex((x) => x.event === newEvent && x.band === newBand);
    if (newEvent === undefined || newBand < 0 || newSlot < 0) return;
    const carry = (from: BandState[] | null, into: () => BandState[]) => {
      if (!from || from[o].level < 0) return;
      const levelName = band.levels[from[o].level].name;
      const level = p.bands[newBand].levels.findIndex((x) => x.name === levelName);
      if (level < 0) return;
      const state = into()[newSlot];
      state.level = level;
      state.pending = -1;
      state.since = 0;
    };
    carry(previous.subjects.noSubject.levels, () => next.subjects.levelsOf(next.subjects.noSubject));
    for (const [name, entry] of previous.subjects.entries) carry(entry.levels, () => next.subjects.carriedLevels(name));
  });
}
