import HapticPolicy
import HapticPolicyCompiler

/// How a system preset renders on Android and on the web (see `Docs/exports.md`).
package struct PresetMapping: Sendable, Hashable {
    /// One `VibrationEffect.Composition` primitive.
    package struct Primitive: Sendable, Hashable {
        /// The constant's name without the class (`PRIMITIVE_TICK`).
        package var name: String
        /// The scale 0-1 passed to `addPrimitive`.
        package var scale: Double
        /// Milliseconds after the previous primitive ends (`addPrimitive`'s delay).
        package var delayMs: Int
        /// The API level that introduced the constant.
        package var apiLevel: Int
    }

    /// The composition (API 30/31) played when the device supports every primitive.
    package var primitives: [Primitive]
    /// The predefined effect (`createPredefined`, API 29) used otherwise.
    package var predefined: String
    /// A one-shot (`createOneShot`, API 26) for older devices: milliseconds and amplitude 1-255.
    package var oneShot: (ms: Int, amplitude: Int)
    /// The `navigator.vibrate` array (on/off milliseconds).
    package var web: [Int]

    /// The lowest API level among the primitives' requirements that covers them all.
    package var compositionAPILevel: Int { primitives.map(\.apiLevel).max() ?? 30 }

    /// The mapping of `preset`; `intensity` (impacts only) scales primitive scales, the
    /// one-shot amplitude and the web pulse lengths.
    package static func of(_ preset: Preset, intensity: Double? = nil) -> PresetMapping {
        var mapping = table(preset)
        if let intensity, preset.acceptsIntensity {
            let k = min(1, max(0, intensity))
            mapping.primitives = mapping.primitives.map {
                var p = $0
                p.scale = ($0.scale * k * 100).rounded() / 100
                return p
            }
            mapping.oneShot.amplitude = max(1, Int((Double(mapping.oneShot.amplitude) * k).rounded()))
            mapping.web = mapping.web.enumerated().map {
                $0.offset % 2 == 0 ? max(5, Int((Double($0.element) * k).rounded())) : $0.element
            }
        }
        return mapping
    }

    private static func table(_ preset: Preset) -> PresetMapping {
        func p(_ name: String, _ scale: Double, _ delay: Int = 0) -> Primitive {
            let api = ["PRIMITIVE_THUD", "PRIMITIVE_SPIN", "PRIMITIVE_LOW_TICK"].contains(name) ? 31 : 30
            return Primitive(name: name, scale: scale, delayMs: delay, apiLevel: api)
        }
        switch preset {
        case .impactLight:
            return PresetMapping(
                primitives: [p("PRIMITIVE_TICK", 0.7)], predefined: "EFFECT_TICK", oneShot: (12, 120), web: [10])
        case .impactMedium:
            return PresetMapping(
                primitives: [p("PRIMITIVE_CLICK", 0.7)], predefined: "EFFECT_CLICK", oneShot: (18, 180), web: [20])
        case .impactHeavy:
            return PresetMapping(
                primitives: [p("PRIMITIVE_THUD", 1)], predefined: "EFFECT_HEAVY_CLICK", oneShot: (30, 255), web: [35])
        case .impactRigid:
            return PresetMapping(
                primitives: [p("PRIMITIVE_CLICK", 1)], predefined: "EFFECT_CLICK", oneShot: (12, 255), web: [15])
        case .impactSoft:
            return PresetMapping(
                primitives: [p("PRIMITIVE_LOW_TICK", 0.8)], predefined: "EFFECT_TICK", oneShot: (25, 100), web: [25])
        case .selection:
            return PresetMapping(
                primitives: [p("PRIMITIVE_TICK", 0.4)], predefined: "EFFECT_TICK", oneShot: (8, 80), web: [8])
        case .notificationSuccess:
            return PresetMapping(
                primitives: [p("PRIMITIVE_CLICK", 0.6), p("PRIMITIVE_CLICK", 1, 80)], predefined: "EFFECT_DOUBLE_CLICK",
                oneShot: (40, 200), web: [20, 80, 30])
        case .notificationWarning:
            return PresetMapping(
                primitives: [p("PRIMITIVE_CLICK", 1), p("PRIMITIVE_CLICK", 0.6, 100)],
                predefined: "EFFECT_DOUBLE_CLICK",
                oneShot: (50, 220), web: [30, 100, 20])
        case .notificationError:
            return PresetMapping(
                primitives: [p("PRIMITIVE_CLICK", 0.8), p("PRIMITIVE_CLICK", 0.8, 60), p("PRIMITIVE_THUD", 1, 60)],
                predefined: "EFFECT_HEAVY_CLICK", oneShot: (80, 255), web: [30, 60, 30, 60, 40])
        }
    }

    /// Equality ignores nothing: the tuple is compared field by field.
    package static func == (lhs: PresetMapping, rhs: PresetMapping) -> Bool {
        lhs.primitives == rhs.primitives && lhs.predefined == rhs.predefined && lhs.oneShot == rhs.oneShot
            && lhs.web == rhs.web
    }

    /// Hashes every field.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(primitives)
        hasher.combine(predefined)
        hasher.combine(oneShot.ms)
        hasher.combine(oneShot.amplitude)
        hasher.combine(web)
    }
}
