import Foundation
import HapticPolicy

/// A small deterministic random number generator (xoshiro256**, seeded by SplitMix64).
///
/// The same seed gives the same sequence on every platform and Swift version, which
/// `SystemRandomNumberGenerator` does not promise; `simulate` relies on it for
/// byte-identical logs.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: (UInt64, UInt64, UInt64, UInt64)
    /// The second Box–Muller value, kept for the next `gaussian` call.
    private var spareNormal: Double?

    /// Creates a generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        func nextSplitMix() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (nextSplitMix(), nextSplitMix(), nextSplitMix(), nextSplitMix())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniform value in `[0, 1)` with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A normally distributed value (Box–Muller), mean `mean`, standard deviation `sigma`.
    public mutating func gaussian(mean: Double = 0, sigma: Double = 1) -> Double {
        if let spare = spareNormal {
            spareNormal = nil
            return mean + sigma * spare
        }
        // 1 - unit() is in (0, 1], so the logarithm is finite.
        let u1 = 1 - unit()
        let u2 = unit()
        let radius = (-2 * log(u1)).squareRoot()
        let angle = 2 * Double.pi * u2
        spareNormal = radius * sin(angle)
        return mean + sigma * radius * cos(angle)
    }

    /// Compares the full state.
    public static func == (lhs: SeededGenerator, rhs: SeededGenerator) -> Bool {
        lhs.state == rhs.state && lhs.spareNormal == rhs.spareNormal
    }

    /// Hashes the full state.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(state.0)
        hasher.combine(state.1)
        hasher.combine(state.2)
        hasher.combine(state.3)
        hasher.combine(spareNormal)
    }
}

private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
    (x << k) | (x >> (64 - k))
}
