import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyYAML
import Testing

/// Seeded random damage to the reference policy: the validator must never trap, and every
/// finding must carry a catalogue code, a location from the document and a message.
@Suite struct ValidatorFuzzTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let weirdNumbers: [Double] = [
        .nan, .infinity, -.infinity, -1e308, 1e308, 0, -0.0, -1, .leastNonzeroMagnitude, 31, 17,
    ]
    static let weirdExpressions: [HapticPolicy.Expression] = [
        .number(.nan), .number(1e308), .binary(.divide, .number(1), .number(0)),
        .binary(.multiply, .number(1e308), .number(10)), .parameter("ghost"), .negate(.number(5)), .number(0),
    ]
    static let weirdNames = ["", "ghost", "all", "screen.enter", "device.x", "selection", "植物", "tap", "camera", "H-1"]

    static func damage(_ document: inout PolicyDocument, _ random: inout Random) {
        func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))] }
        let number = pick(weirdNumbers) ?? 0
        let expression = Located(pick(weirdExpressions) ?? .number(0))
        let name = Located(pick(weirdNames) ?? "")
        switch random.next() % 12 {
        case 0:
            guard let f = document.feedback.indices.randomElement(using: &random),
                case .pattern(var pattern) = document.feedback[f].body,
                let e = pattern.events.indices.randomElement(using: &random)
            else { return }
            switch random.next() % 4 {
            case 0: pattern.events[e].time = expression
            case 1: pattern.events[e].duration = expression
            case 2: pattern.events[e].intensity = expression
            default: pattern.loop = expression
            }
            document.feedback[f].body = .pattern(pattern)
        case 1:
            guard let f = document.feedback.indices.randomElement(using: &random),
                case .pattern(var pattern) = document.feedback[f].body
            else { return }
            pattern.parameters.append(
                TemplateParameter(
                    name: name, defaultValue: Located(number), minimum: Located(pick(weirdNumbers) ?? 0),
                    maximum: Located(pick(weirdNumbers) ?? 0)))
            pattern.events.shuffle(using: &random)
            if random.next() % 3 == 0 { pattern.events = [] }
            document.feedback[f].body = .pattern(pattern)
        case 2:
            guard let b = document.bands.indices.randomElement(using: &random) else { return }
            document.bands[b].hysteresis = Located(number)
            document.bands[b].levels.shuffle(using: &random)
            if let l = document.bands[b].levels.indices.randomElement(using: &random) {
                document.bands[b].levels[l].below = random.next() % 2 == 0 ? nil : Located(number)
                document.bands[b].levels[l].play = random.next() % 2 == 0 ? nil : name
            }
            if random.next() % 4 == 0 { document.bands[b].levels = [] }
        case 3:
            guard let e = document.events.indices.randomElement(using: &random) else { return }
            document.events[e].screens = random.next() % 2 == 0 ? .only([name, name]) : .all(.unknown)
            document.events[e].name = name
        case 4:
            guard let s = document.screens.indices.randomElement(using: &random),
                let c = document.screens[s].cells.indices.randomElement(using: &random)
            else { return }
            document.screens[s].cells[c].rows =
                random.next() % 2 == 0 ? [] : [RowDecl(), RowDecl(band: name, silent: Located(""))]
        case 5:
            guard let s = document.screens.indices.randomElement(using: &random),
                let c = document.screens[s].cells.indices.randomElement(using: &random)
            else { return }
            document.screens[s].cells[c].event = name
            document.screens[s].cells[c].rows.append(
                RowDecl(
                    condition: ConditionDecl(speaks: Located(true), value: Located(.number(number))),
                    play: name, stop: name, ticker: Located(.tick), cites: [name]))
        case 6:
            document.budgets = [
                BudgetDecl(id: name, scope: .screen(name), max: Located(Int.min), window: Located(number))
            ]
        case 7:
            document.engine.warmup = Located(number)
            document.version = Located(Int.max)
        case 8:
            guard let i = document.invariants.indices.randomElement(using: &random) else { return }
            document.invariants[i].id = name
            document.invariants[i].exceptions.append(.init(event: name, reason: Located("")))
            document.invariants[i].presets = Preset.allCases.map { Located($0) }
        case 9:
            guard let f = document.feedback.indices.randomElement(using: &random) else { return }
            document.feedback[f].fallback = .sequence([SequenceStep(at: expression, target: name)], location: .unknown)
            document.feedback[f].name = name
        case 10:
            document.screens.shuffle(using: &random)
            document.screens.append(ScreenDecl(name: name, cells: document.screens.first?.cells ?? []))
        default:
            document.everywhere += document.screens.flatMap(\.cells)
        }
    }

    @Test(arguments: 0..<40)
    func damagedPlavoNeverTraps(seed: UInt64) throws {
        let path = ShippedPoliciesValidationTests.policies.appendingPathComponent("plavo.yaml").path
        var document = try #require(PolicyLoader.load(path: path).document)
        var random = Random(state: seed)
        for _ in 0..<(1 + random.next() % 8) { Self.damage(&document, &random) }
        let findings = PolicyValidator.validate(document)
        let known = Set(DiagnosticRegistry.codes(of: .validation).map(\.code))
        for finding in findings {
            #expect(known.contains(finding.code), "\(finding.code)")
            #expect(!finding.message.isEmpty)
        }
        #expect(findings.map(\.location) == findings.map(\.location).sorted())
    }
}
