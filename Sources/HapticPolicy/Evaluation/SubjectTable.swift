/// The subjects a session has seen (plants, sensors), interned to dense ids, within a
/// bounded size: at most `limit` subjects and `nameByteLimit` bytes of names. When a new
/// subject would pass either, the least recently seen ones are forgotten (their band
/// levels too, so a forgotten subject's next sample is a new baseline) and their slots
/// are reused.
///
/// The subjects named in the policy's row conditions come first and are never forgotten.
/// An id carries its slot in the low 32 bits and the slot's generation in the high ones:
/// the first `limit` subjects get generation 0 (their ids are their slots), and an id of
/// a forgotten subject no longer matches its slot, so it is never taken for the subject
/// that reused the slot.
struct SubjectTable: Sendable {
    /// Names by slot.
    private(set) var names: [String]
    private var index: NameTable<Int>
    private var generations: [UInt32]
    /// When each slot was last seen, on `clock`: all that is kept while the table has
    /// never been full (one store per event, so `Session.decide` stays as fast as it was).
    private var stamps: [UInt64]
    private var clock: UInt64 = 0
    /// Whether the recency list below is kept: from the first time a subject had to be
    /// forgotten on, when the order is needed at every new subject.
    private var listed = false
    /// The recency list of the slots that can be forgotten (the policy's are not on it):
    /// toward the most recently seen, and toward the least.
    private var newer: [Int32]
    private var older: [Int32]
    private var mostRecent: Int32 = -1
    private var leastRecent: Int32 = -1
    /// Slots `0..<pinned` hold the policy's subjects.
    let pinned: Int
    /// The most subjects held, the policy's included.
    let limit: Int
    /// The most bytes of names held (UTF-8).
    let nameByteLimit: Int
    private(set) var nameBytes = 0
    /// Slots of forgotten subjects, waiting for a new name.
    private var free: [Int] = []
    /// Subjects forgotten so far to make room.
    private(set) var forgotten = 0

    /// A table holding the policy's subjects, in id order.
    init(pinned policySubjects: [String], limit: Int, nameByteLimit: Int) {
        names = policySubjects
        index = NameTable(firsts: policySubjects.enumerated().map { ($1, $0) })
        generations = Array(repeating: 0, count: policySubjects.count)
        stamps = Array(repeating: 0, count: policySubjects.count)
        newer = Array(repeating: -1, count: policySubjects.count)
        older = Array(repeating: -1, count: policySubjects.count)
        pinned = policySubjects.count
        // Room for at least one subject besides the policy's.
        self.limit = Swift.max(limit, policySubjects.count + 1)
        self.nameByteLimit = nameByteLimit
        nameBytes = policySubjects.reduce(0) { $0 + $1.utf8.count }
    }

    /// Subjects held now.
    var count: Int { names.count - free.count }

    /// Slots in use or waiting on the free list (band levels are kept per slot).
    var slotCount: Int { names.count }

    /// The slot of a current id, or nil for an id this table did not give out or whose
    /// subject was forgotten.
    @inline(__always)
    func slot(of id: SubjectID) -> Int? {
        let raw = id.rawValue
        let slot = raw & 0xFFFF_FFFF
        guard raw >= 0, slot < generations.count, generations[slot] == UInt32(truncatingIfNeeded: raw >> 32) else {
            return nil
        }
        return slot
    }

    /// The current id of the subject in `slot`.
    @inline(__always)
    func id(ofSlot slot: Int) -> SubjectID {
        SubjectID(rawValue: Int(generations[slot]) << 32 | slot)
    }

    /// The id of a name held now, without marking it seen.
    func existingID(of name: String) -> SubjectID? {
        index[name].map { id(ofSlot: $0) }
    }

    /// Marks `slot` as seen now.
    @inline(__always)
    mutating func touch(_ slot: Int) {
        guard listed else {
            stamps[slot] = clock
            clock &+= 1
            return
        }
        guard slot >= pinned, Int32(truncatingIfNeeded: slot) != mostRecent else { return }
        unlink(slot)
        pushMostRecent(slot)
    }

    /// Links the forgettable slots from their stamps, least recently seen first, and keeps
    /// the list from now on.
    private mutating func startListing() {
        listed = true
        let freed = Set(free)
        let order = (pinned..<names.count).filter { !freed.contains($0) }.sorted { stamps[$0] < stamps[$1] }
        for slot in order { pushMostRecent(slot) }
    }

    /// The id of `name`, seen now; a new name gets a slot, forgetting the least recently
    /// seen subjects while the table would be over its limits (a single name longer than
    /// the byte limit is still held, alone). Returns the slot when it held a forgotten
    /// subject before, for the caller to reset what it keeps per slot.
    mutating func intern(_ name: String) -> (id: SubjectID, reused: Int?) {
        if let slot = index[name] {
            touch(slot)
            return (id(ofSlot: slot), nil)
        }
        let bytes = name.utf8.count
        if !listed, names.count - free.count >= limit || nameBytes + bytes > nameByteLimit { startListing() }
        while leastRecent >= 0, names.count - free.count >= limit || nameBytes + bytes > nameByteLimit {
            forget(Int(leastRecent))
        }
        let slot: Int
        let reused: Int?
        if let spare = free.popLast() {
            slot = spare
            names[slot] = name
            reused = slot
        } else {
            slot = names.count
            names.append(name)
            generations.append(0)
            stamps.append(0)
            newer.append(-1)
            older.append(-1)
            reused = nil
        }
        index[name] = slot
        nameBytes += bytes
        if listed { pushMostRecent(slot) }
        stamps[slot] = clock
        clock &+= 1
        return (id(ofSlot: slot), reused)
    }

    /// Forgets the subject in `slot`: its ids stop matching at once, and the slot waits
    /// on the free list for the next new name.
    private mutating func forget(_ slot: Int) {
        release(slot)
        forgotten += 1
    }

    /// Subjects ended so far (`end`), apart from `forgotten`.
    private(set) var ended = 0

    /// Ends the subject in `slot` (an event that ends its subject): a slot of the
    /// policy's subjects is kept, any other is freed as `forget` frees it, without
    /// counting it as forgotten to make room.
    mutating func end(_ slot: Int) {
        guard slot >= pinned else { return }
        release(slot)
        ended += 1
    }

    /// Starts the counts of forgotten and ended subjects again (a hot reload that keeps
    /// the table: the counts are as for a table filled anew with its subjects).
    mutating func restartCounts() {
        forgotten = 0
        ended = 0
    }

    /// Frees `slot`: its ids stop matching and it waits on the free list.
    private mutating func release(_ slot: Int) {
        unlink(slot)
        index.removeValue(forKey: names[slot])
        nameBytes -= names[slot].utf8.count
        names[slot] = ""
        generations[slot] &+= 1
        free.append(slot)
    }

    /// The forgettable slots from the least recently seen to the most, after the
    /// policy's subjects: the order to intern them in again to keep their recency.
    var slotsLeastRecentFirst: [Int] {
        var order = Array(0..<pinned)
        guard listed else {
            let freed = Set(free)
            return order + (pinned..<names.count).filter { !freed.contains($0) }.sorted { stamps[$0] < stamps[$1] }
        }
        var slot = leastRecent
        while slot >= 0 {
            order.append(Int(slot))
            slot = newer[Int(slot)]
        }
        return order
    }

    private mutating func unlink(_ slot: Int) {
        let toNewer = newer[slot]
        let toOlder = older[slot]
        if toNewer >= 0 { older[Int(toNewer)] = toOlder } else if mostRecent == Int32(slot) { mostRecent = toOlder }
        if toOlder >= 0 { newer[Int(toOlder)] = toNewer } else if leastRecent == Int32(slot) { leastRecent = toNewer }
        newer[slot] = -1
        older[slot] = -1
    }

    private mutating func pushMostRecent(_ slot: Int) {
        let s = Int32(truncatingIfNeeded: slot)
        older[slot] = mostRecent
        newer[slot] = -1
        if mostRecent >= 0 { newer[Int(mostRecent)] = s }
        mostRecent = s
        if leastRecent < 0 { leastRecent = s }
    }
}
