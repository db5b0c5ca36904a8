import Foundation

/// The log reader's memory of the names it has read: a log repeats a handful of event,
/// screen and subject names, so a name read again is handed out as the `String` made the
/// first time (a retain) instead of being validated and built anew; and the replay's
/// `NameCache`, comparing it with the same `String`, compares two references.
///
/// Direct-mapped by the name's bytes, compared byte for byte, so what is returned is
/// always the text of the bytes. Bounded: `slotCount` names of at most `maxNameLength`
/// bytes each (longer names are built every time). Owned by one reader; not shared
/// between threads.
final class NameInterner {
    /// The longest name kept, in bytes.
    static let maxNameLength = 48
    private static let slotBits = 8
    private static var slotCount: Int { 1 << slotBits }

    private struct Slot {
        var length = -1
        var text = ""
    }

    /// `slotCount × maxNameLength` bytes: each slot's name, as written.
    private let bytes: UnsafeMutablePointer<UInt8>
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        bytes = .allocate(capacity: Self.slotCount * Self.maxNameLength)
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        bytes.deallocate()
    }

    @inline(__always)
    private static func slot(of name: UnsafeBufferPointer<UInt8>) -> Int {
        let n = name.count
        var h = UInt(n)
        if n > 0 {
            h = h &* 31 &+ UInt(name[0])
            h = h &* 31 &+ UInt(name[n &- 1])
            h = h &* 31 &+ UInt(name[n >> 1])
        }
        h = h &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> UInt(UInt.bitWidth - slotBits))
    }

    /// The text of `name` (the bytes of a JSON string without escapes, quotes excluded)
    /// when it was read before, else nil.
    @inline(__always)
    func text(of name: UnsafeBufferPointer<UInt8>) -> String? {
        let slot = Self.slot(of: name)
        guard slots[slot].length == name.count, let source = name.baseAddress else { return nil }
        guard memcmp(bytes + slot * Self.maxNameLength, source, name.count) == 0 else { return nil }
        return slots[slot].text
    }

    /// Keeps `text` as the text of `name`, replacing what its slot held.
    func keep(_ text: String, for name: UnsafeBufferPointer<UInt8>) {
        guard name.count <= Self.maxNameLength, let source = name.baseAddress else { return }
        let slot = Self.slot(of: name)
        (bytes + slot * Self.maxNameLength).update(from: source, count: name.count)
        slots[slot] = Slot(length: name.count, text: text)
    }
}
