import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import Testing

/// Variants of the reference policy for reload tests.
enum StorePolicies {
    /// plavo as shipped: the shutter plays `tap`.
    static func plavo() throws -> PolicyDocument { try loadDocument("plavo") }

    /// plavo with the shutter playing `thud` instead: valid, different hash.
    static func heavyShutter() throws -> PolicyDocument {
        var document = try plavo()
        try setShutter(&document, to: "thud")
        return document
    }

    /// plavo whose shutter plays a feedback that does not exist: must be refused.
    static func broken() throws -> PolicyDocument {
        var document = try plavo()
        try setShutter(&document, to: "no-such-feedback")
        return document
    }

    private static func setShutter(_ document: inout PolicyDocument, to feedback: String) throws {
        let screen = try #require(document.screens.firstIndex { $0.name.value == "camera" })
        let cell = try #require(document.screens[screen].cells.firstIndex { $0.event.value == "shutter" })
        document.screens[screen].cells[cell].rows[0].play = Located(feedback)
    }
}

@Suite struct PolicyStoreTests {
    @Test func reloadSwapsAValidPolicyAndKeepsTheLastGoodOneOnError() throws {
        let store = PolicyStore(try Policy(compiling: StorePolicies.plavo()))
        let original = store.current.hash
        _ = store.decide(t: 0, event: "screen.enter", value: .string("camera"))
        #expect(store.decide(t: 1, event: "shutter").decision.feedback == "tap")

        let refused = store.reload(try StorePolicies.broken())
        #expect(!refused.applied)
        #expect(refused.activeHash == original)
        #expect(refused.diagnostics.contains { $0.severity == .error && $0.message.contains("no-such-feedback") })
        let stillOld = store.decide(t: 2, event: "shutter")
        #expect(stillOld.decision.feedback == "tap")
        #expect(stillOld.policyHash == original)

        let applied = store.reload(try StorePolicies.heavyShutter())
        #expect(applied.applied)
        #expect(applied.activeHash != original)
        let new = store.decide(t: 3, event: "shutter")
        #expect(new.decision.feedback == "thud")
        #expect(new.policyHash == applied.activeHash)
    }

    @Test func bandStateGestureAndScreenCarryAcrossASwap() throws {
        let store = PolicyStore(try Policy(compiling: StorePolicies.plavo()))
        _ = store.decide(t: 0, event: "screen.enter", value: .string("camera"))
        #expect(
            store.decide(t: 1, event: "moisture.sample", subject: "fern", value: .number(70)).decision.reason
                == .baseline)
        #expect(store.decide(t: 2, event: "selector.begin").decision.directives == .prepareTicker)
        #expect(store.reload(try StorePolicies.heavyShutter()).applied)

        let sameBand = store.decide(t: 3, event: "moisture.sample", subject: "fern", value: .number(69)).decision
        #expect(sameBand.reason == .sameBand, "no new baseline after the swap")
        let changed = store.decide(t: 4, event: "moisture.sample", subject: "fern", value: .number(50)).decision
        #expect(changed.band == Decision.BandTransition(band: "moisture", from: "moist", to: "comfortable"))
        #expect(
            store.decide(t: 5, event: "selector.tick").decision.directives == .prepareTicker,
            "the gesture is still open")
        #expect(store.decide(t: 6, event: "selector.end").decision.directives == .releaseTicker)
        #expect(store.snapshot.engine == .ready)
    }

    @Test func aScreenThatDisappearsBecomesUnknownAndItsGestureEnds() throws {
        let store = PolicyStore(try Policy(compiling: StorePolicies.plavo()))
        _ = store.decide(t: 0, event: "screen.enter", value: .string("album"))
        var renamed = try StorePolicies.plavo()
        let album = try #require(renamed.screens.firstIndex { $0.name.value == "album" })
        renamed.screens[album].name = Located("gallery")
        for index in renamed.events.indices {
            if case .only(let screens) = renamed.events[index].screens {
                renamed.events[index].screens = .only(screens.map { $0.value == "album" ? Located("gallery") : $0 })
            }
        }
        let result = store.reload(renamed)
        #expect(result.applied, "\(result.diagnostics.map(\.message))")
        #expect(store.decide(t: 1, event: "album.scroll").decision.reason == .unknownScreen)
    }

    @Test func aReloadSwapsOnceWithThePlanItMadeOutsideTheLock() throws {
        let store = PolicyStore(try Policy(compiling: try StorePolicies.plavo()))
        _ = store.decide(t: 0, event: "screen.enter", value: .string("camera"))
        _ = store.decide(t: 1, event: "moisture.sample", subject: "fern", value: .number(20))
        let heavy = try Policy(compiling: try StorePolicies.heavyShutter())
        #expect(store.reload(heavy) == heavy.hash)
        #expect(store.reloadsSwapped.swapped == 1)
        #expect(store.reloadsSwapped.replanned == 0, "no other reload came between: the plan made outside is used")
        // The migrated session is the one that decides next: the band level carried over.
        let next = store.decide(t: 2, event: "moisture.sample", subject: "fern", value: .number(70))
        #expect(next.policyHash == heavy.hash)
        #expect(next.decision.band?.from != nil)
        #expect(store.decide(t: 3, event: "shutter").decision.feedback == "thud")
    }

    @Test func aDamagedBundleIsRefusedWithADiagnostic() throws {
        let store = PolicyStore(try Policy(compiling: StorePolicies.plavo()))
        var bytes = PolicyBundle.encode(try Policy(compiling: StorePolicies.heavyShutter()))
        // Line 1 cut short: what a runtime reads.
        bytes = Array(bytes[..<(bytes.firstIndex(of: 0x0A) ?? bytes.count)].dropLast(40))
        let result = store.reload(bundle: bytes, file: "plavo.bundle.json")
        #expect(!result.applied)
        #expect(result.diagnostics.map(\.code) == ["HP950"])
        #expect(result.diagnostics.first?.location.file == "plavo.bundle.json")
    }
}

/// Many threads deciding while another reloads valid and invalid policies in a loop.
/// Run under the thread sanitizer: `swift test --sanitize=thread --filter PolicyStoreStressTests`.
@Suite struct PolicyStoreStressTests {
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var decisions = 0
        private(set) var problems: [String] = []
        private(set) var hashesSeen: Set<String> = []
        private(set) var reloads = 0
        private var reloaderDone = false

        var isReloading: Bool {
            lock.lock()
            defer { lock.unlock() }
            return !reloaderDone
        }

        func finishReloading() {
            lock.lock()
            defer { lock.unlock() }
            reloaderDone = true
        }

        private(set) var sent = 0

        func add(decisions count: Int, sent events: Int, hashes: Set<String>, problems found: [String]) {
            lock.lock()
            defer { lock.unlock() }
            decisions += count
            sent += events
            hashesSeen.formUnion(hashes)
            problems += found
        }

        func addReload(problem: String?) {
            lock.lock()
            defer { lock.unlock() }
            reloads += 1
            if let problem { problems.append(problem) }
        }
    }

    @Test func decidersAndAReloaderNeverLoseOrTearADecision() throws {
        let aDocument = try StorePolicies.plavo()
        let bDocument = try StorePolicies.heavyShutter()
        let a = try Policy(compiling: aDocument)
        let b = try Policy(compiling: bDocument)
        let broken = try StorePolicies.broken()
        let shutterFeedback = [a.hash: "tap", b.hash: "thud"]
        let store = PolicyStore(a)
        _ = store.decide(t: 0, event: "screen.enter", value: .string("camera"))

        let deciders = 4
        let minimumEvents = 2_000
        let reloadRounds = 40
        let tally = Tally()
        // One thread each (a dispatch pool could run the deciders before the reloader).
        let work: @Sendable (Int) -> Void = { worker in
            if worker == deciders {
                for round in 0..<reloadRounds {
                    let next = round % 2 == 0 ? bDocument : aDocument
                    let good = store.reload(next)
                    tally.addReload(problem: good.applied ? nil : "a valid policy was refused: \(good.diagnostics)")
                    let bad = store.reload(broken)
                    tally.addReload(problem: bad.applied ? "an invalid policy was applied" : nil)
                }
                tally.finishReloading()
                return
            }
            var problems: [String] = []
            var hashes: Set<String> = []
            var count = 0
            var sent = 0
            let subject = "plant-\(worker)"
            var i = 0
            // Decide until the reloader is done, so decisions straddle many swaps.
            while i < minimumEvents || (tally.isReloading && i < 1_000_000) {
                defer { i += 1 }
                sent += 1
                if i % 2 == 0 {
                    let decided = store.decide(event: "shutter")
                    count += 1
                    hashes.insert(decided.policyHash)
                    guard let expected = shutterFeedback[decided.policyHash] else {
                        problems.append("decision cites an unknown hash \(decided.policyHash)")
                        continue
                    }
                    if decided.decision.feedback != expected || decided.decision.action != .play {
                        problems.append(
                            "torn: \(decided.policyHash) decided \(String(describing: decided.decision.feedback))")
                    }
                } else {
                    // Alternate between two bands: after the first sample, every sample changes band.
                    let value = (i / 2) % 2 == 0 ? 20.0 : 70.0
                    let decided = store.decide(event: "moisture.sample", subject: subject, value: .number(value))
                    count += 1
                    hashes.insert(decided.policyHash)
                    if i > 1, decided.decision.reason == .baseline || decided.decision.band?.from == nil {
                        problems.append("band state lost across a swap at sample \(i)")
                    }
                }
            }
            tally.add(decisions: count, sent: sent, hashes: hashes, problems: problems)
        }
        let group = DispatchGroup()
        for worker in 0...deciders {
            group.enter()
            Thread {
                work(worker)
                group.leave()
            }.start()
        }
        group.wait()
        #expect(tally.problems.isEmpty, "\(tally.problems.prefix(5))")
        #expect(tally.decisions == tally.sent, "no decision is lost")
        #expect(tally.sent >= deciders * minimumEvents)
        #expect(tally.reloads == reloadRounds * 2)
        #expect(store.reloadsSwapped.swapped == reloadRounds, "every applied reload swapped once")
        #expect(tally.hashesSeen == [a.hash, b.hash], "decisions were made under both policies")
        #expect(store.current.hash == a.hash, "the last valid reload is active")
    }
}

/// `reload` validates a document once: the compiler takes the validator's findings.
@Suite struct PolicyStoreValidationTests {
    /// plavo with `caution` turned into `notification.error`, which H-2 bans: an error only
    /// the validator finds (every name still resolves).
    static func bannedPreset() throws -> PolicyDocument {
        var document = try StorePolicies.plavo()
        let caution = try #require(document.feedback.firstIndex { $0.name.value == "caution" })
        document.feedback[caution].body = .preset(Located(.notificationError), intensity: nil)
        return document
    }

    /// plavo with one more preset feedback that nothing plays: a warning, not an error.
    static func unusedFeedback() throws -> PolicyDocument {
        var document = try StorePolicies.plavo()
        var extra = try #require(document.feedback.first { if case .preset = $0.body { true } else { false } })
        extra.name = Located("never-played")
        document.feedback.append(extra)
        return document
    }

    @Test func reloadReturnsTheValidatorsWarningsOnceAndApplies() throws {
        let document = try Self.unusedFeedback()
        let expected = PolicyValidator.validate(document)
        #expect(!expected.isEmpty && expected.allSatisfy { $0.severity == .warning }, "the fixture has warnings only")
        let store = PolicyStore(try Policy(compiling: StorePolicies.plavo()))
        let result = store.reload(document)
        #expect(result.applied)
        #expect(result.diagnostics == expected, "every warning, each once")
    }

    @Test func reloadRefusesAValidatorErrorWithItsDiagnostics() throws {
        let document = try Self.bannedPreset()
        let store = PolicyStore(try Policy(compiling: StorePolicies.plavo()))
        let before = store.current.hash
        let result = store.reload(document)
        #expect(!result.applied)
        #expect(result.activeHash == before)
        #expect(result.diagnostics == PolicyValidator.validate(document))
    }
}
