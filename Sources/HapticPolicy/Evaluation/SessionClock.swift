/// How a session compares times (Docs/decision-order.md, "Times"). A log writes its times
/// as decimals (`1.05`, `2.05`), which binary floating point holds only nearly: the
/// difference of two of them can fall a hair short of the decimal it reads as
/// (2.05 − 1.05 is 0.9999999999999998), and a sum can pass it (0.1 + 0.32 is
/// 0.42000000000000004). Two times less than `tolerance` apart are one instant, so a
/// dwell, a budget's window, a pattern's end and the engine's warm-up all fall where the
/// decimals say.
enum SessionClock {
    /// One microsecond: far below any time a log means (they are kept to the
    /// millisecond) and far above the error of adding and subtracting them.
    static let tolerance = 1e-6

    /// Whether `time` has reached `deadline`, to `tolerance`: a new band level has held
    /// for its dwell, a ring has left a budget's window, a pattern has ended, the engine
    /// has warmed up.
    @inline(__always)
    static func reached(_ time: Double, _ deadline: Double) -> Bool {
        time + tolerance >= deadline
    }
}
