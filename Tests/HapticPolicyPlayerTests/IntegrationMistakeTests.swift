import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

/// A misspelt event or screen, or a value the policy cannot use, is reported to the app
/// once, with the name it probably meant, instead of a haptic that silently never plays.
@Suite struct IntegrationMistakeTests {
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [IntegrationMistake] = []
        func add(_ mistake: IntegrationMistake) { lock.withLock { items.append(mistake) } }
        var all: [IntegrationMistake] { lock.withLock { items } }
    }

    static func store() throws -> (PolicyStore, Collected) {
        let store = PolicyStore(try loadPolicy("plavo"))
        let collected = Collected()
        store.onIntegrationMistake = { collected.add($0) }
        return (store, collected)
    }

    @Test func eachDistinctMistakeIsReportedOnceWithTheNearestName() throws {
        let (store, collected) = try Self.store()
        _ = store.decide(t: 0, event: "screen.enter", value: .string("camera"))
        for t in [1.0, 2, 3] { _ = store.decide(t: t, event: "plant.fonud", speaks: true) }
        _ = store.decide(t: 4, event: "shutter", screen: "camra")
        _ = store.decide(t: 5, event: "moisture.sample", subject: "fern", value: .string("6.2"))
        _ = store.decide(t: 6, event: "plant.found", speaks: true)
        #expect(
            collected.all.map(\.description) == [
                "event 'plant.fonud' is not in the catalogue; did you mean 'plant.found'?",
                "screen 'camra' is not declared; did you mean 'camera'?",
                "event 'moisture.sample' was sent a value it cannot use: band 'moisture' needs a number in 'value'",
            ])
        #expect(collected.all.map(\.kind) == [.unknownEvent, .unknownScreen, .badValue])
    }

    @Test func aReloadCountsMistakesAgain() throws {
        let (store, collected) = try Self.store()
        _ = store.decide(t: 0, event: "lap.complete")
        store.reload(try loadPolicy("plavo"))
        _ = store.decide(t: 1, event: "lap.complete")
        #expect(collected.all.count == 2)
        #expect(collected.all.first?.suggestion == nil, "nothing in plavo is near 'lap.complete'")
    }

    @Test func memoryStaysBoundedWhateverTheAppSends() throws {
        let (store, collected) = try Self.store()
        for index in 0..<(PolicyStore.maxReportedMistakes + 50) {
            _ = store.decide(t: Double(index), event: "event-\(index)")
        }
        #expect(collected.all.count == PolicyStore.maxReportedMistakes)
    }

    @Test func withoutAHandlerNothingIsKept() throws {
        let store = PolicyStore(try loadPolicy("plavo"))
        _ = store.decide(t: 0, event: "plant.fonud")
        let collected = Collected()
        store.onIntegrationMistake = { collected.add($0) }
        _ = store.decide(t: 1, event: "plant.fonud")
        #expect(collected.all.count == 1, "reported when it happens again with a handler set")
    }
}
