import HapticPolicy

// The C interface of the runtime, for game engines and other hosts that call C: a Unity
// native plugin (`[DllImport("__Internal")]` on iOS), an Unreal module, a GDExtension, a
// desktop build. Declared in `haptic_policy.h` beside this file; Docs/game-engines.md says
// which runtime each engine uses on each platform. Every function is safe to call with a
// null handle (it does nothing, or returns -1), and never traps on what the host passes.
//
// A handle is one `PolicyStore`. Deciding is thread-safe as the store is; the strings of
// the last decision belong to the handle and stay valid until its next decide or close,
// so a host that decides from several threads gives each thread its own handle or reads
// the strings under its own lock.

/// A NUL-terminated copy of a string, owned until it is replaced or freed.
struct CText: ~Copyable {
    let pointer: UnsafeMutablePointer<CChar>

    init(_ text: String?) {
        let bytes = Array((text ?? "").utf8CString)
        pointer = .allocate(capacity: bytes.count)
        pointer.initialize(from: bytes, count: bytes.count)
    }

    deinit { pointer.deallocate() }
}

/// A store and the C strings of its last decision.
final class CHandle {
    let store: PolicyStore
    var feedback = CText(nil)
    var render = CText(nil)
    var reason = CText(nil)
    var rule = CText(nil)
    var note = CText(nil)
    var loopPeriod = 0.0
    var directives: UInt32 = 0

    init(_ store: PolicyStore) { self.store = store }

    static func of(_ handle: OpaquePointer?) -> CHandle? {
        handle.map { Unmanaged<CHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// Copies `text` into `buffer` of `capacity` bytes, cut at a character and NUL-terminated.
private func copy(_ text: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
    guard let buffer, capacity > 0 else { return }
    var bytes: [UInt8] = []
    for character in text {
        let utf8 = Array(String(character).utf8)
        if bytes.count + utf8.count > capacity - 1 { break }
        bytes += utf8
    }
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// Loads a compiled bundle (`haptic-policy compile`) into a new store on a capable device
/// with haptics on. Returns the handle, or null when the bundle is refused, with the
/// reason in `message` (`capacity` bytes, NUL-terminated) when it is not null.
@c(haptic_policy_open)
public func hapticPolicyOpen(
    _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ message: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> OpaquePointer? {
    guard let bytes, count >= 0 else {
        copy("no bundle bytes were given", into: message, capacity: capacity)
        return nil
    }
    do {
        let store = try PolicyStore(bundle: Array(UnsafeBufferPointer(start: bytes, count: count)))
        return OpaquePointer(Unmanaged.passRetained(CHandle(store)).toOpaque())
    } catch {
        copy(error.description, into: message, capacity: capacity)
        return nil
    }
}

/// Frees a handle from `haptic_policy_open`; null is ignored.
@c(haptic_policy_close)
public func hapticPolicyClose(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<CHandle>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// Decides one event at `t` seconds (times never run backwards; a non-finite `t` is the
/// store's own clock). The device's state goes in as the app's does: the state events
/// `device.lowPower`, `device.supportsHaptics` and `device.hapticsEnabled` with a boolean,
/// `app.state` with `"background"` or `"foreground"`. `screen` and `subject`
/// may be null. The value: `value_kind` 0 none, 1 the number `number`, 2 the boolean
/// `number != 0`, 3 the string `text`. Returns the action, 0 play, 1 silent, 2 stop, or
/// -1 for a null handle or event; the rest of the decision is read with the functions
/// below until the next decide.
@c(haptic_policy_decide)
public func hapticPolicyDecide(
    _ handle: OpaquePointer?, _ t: Double, _ event: UnsafePointer<CChar>?, _ screen: UnsafePointer<CChar>?,
    _ subject: UnsafePointer<CChar>?, _ valueKind: Int32, _ number: Double, _ text: UnsafePointer<CChar>?,
    _ speaks: Bool
) -> Int32 {
    guard let box = CHandle.of(handle), let name = string(event) else { return -1 }
    let value: ScalarValue? =
        switch valueKind {
        case 1: .number(number)
        case 2: .bool(number != 0)
        case 3: string(text).map { .string($0) }
        default: nil
        }
    let decision = box.store.decide(
        t: t.isFinite ? t : nil, event: name, screen: string(screen), subject: string(subject), value: value,
        speaks: speaks
    ).decision
    box.feedback = CText(decision.feedback)
    box.render = CText(decision.render?.description)
    box.reason = CText(decision.reason?.rawValue)
    box.rule = CText(decision.rule?.id)
    box.note = CText(decision.note)
    box.loopPeriod = decision.loopPeriod ?? 0
    box.directives = UInt32(decision.directives.rawValue)
    switch decision.action {
    case .play: return 0
    case .silent: return 1
    case .stop: return 2
    }
}

/// The last decision's feedback (the policy's name), or "".
@c(haptic_policy_feedback)
public func hapticPolicyFeedback(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
    CHandle.of(handle).map { UnsafePointer($0.feedback.pointer) }
}

/// What the last decision renders: a preset id (`impact.light`), `pattern:<feedback>` or
/// `sequence:<feedback>`, or "".
@c(haptic_policy_render)
public func hapticPolicyRender(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
    CHandle.of(handle).map { UnsafePointer($0.render.pointer) }
}

/// The last decision's reason id (`designer`, `low-power`, …), or "".
@c(haptic_policy_reason)
public func hapticPolicyReason(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
    CHandle.of(handle).map { UnsafePointer($0.reason.pointer) }
}

/// The rule that decided the last event (`camera/plant.found`, `H-4`), or "".
@c(haptic_policy_rule)
public func hapticPolicyRule(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
    CHandle.of(handle).map { UnsafePointer($0.rule.pointer) }
}

/// The last decision's note (the designer's text, or a message), or "".
@c(haptic_policy_note)
public func hapticPolicyNote(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
    CHandle.of(handle).map { UnsafePointer($0.note.pointer) }
}

/// Seconds between repetitions of the loop the last decision starts, or 0.
@c(haptic_policy_loop_period)
public func hapticPolicyLoopPeriod(_ handle: OpaquePointer?) -> Double {
    CHandle.of(handle)?.loopPeriod ?? 0
}

/// The last decision's directives as bits, in canonical order: 1 prepare-engine,
/// 2 restart-engine, 4 prepare-ticker, 8 release-ticker, 16 stop-loop, 32 interrupt.
@c(haptic_policy_directives)
public func hapticPolicyDirectives(_ handle: OpaquePointer?) -> UInt32 {
    CHandle.of(handle)?.directives ?? 0
}
