// A struct of 64 bytes built by its initializer, for ReleaseFlagsTests: with Swift 6.3's
// aggressive reg2mem heuristic on (its default), `makeLarge` builds the value, copies it
// (a call of the outlined copy, `LargeVWOc`) and destroys the original, where it could
// build it in place; with scripts/release-flags' flag it does not.
public final class Box {}

public struct Large {
    public var a: String?
    public var b: Box?
    public var c: [Int]?
    public var d: String?
    public var e: Box?
    public var f: Box?

    public init(a: String?) {
        self.a = a
        b = nil
        c = nil
        d = nil
        e = nil
        f = nil
    }
}

public func makeLarge(_ a: String) -> Large { Large(a: a) }
