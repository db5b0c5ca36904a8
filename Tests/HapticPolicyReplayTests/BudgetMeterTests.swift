import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

@Suite struct BudgetMeterTests {
    static let perScreen = PolicyContent.Budget(id: "B-1", scope: .eachScreen, max: 3, window: 10)
    static let creature = PolicyContent.Budget(id: "B-2", scope: .layer(.creature), max: 2, window: 5)

    static let ticksExcepted = PolicyContent.Budget(
        id: "B-1", scope: .eachScreen, max: 6, window: 10,
        exceptions: ["selector.tick"])

    /// Each ring says which budgets it put over their maximum, with the window's count,
    /// so the report can mark the rings a breach is made of.
    @Test func aRingOverTheMaximumSaysSo() {
        var meter = BudgetMeter(budgets: [Self.perScreen, Self.creature])
        var overruns: [[BudgetMeter.Overrun]] = []
        for t in [1.0, 2, 3, 4, 5] { overruns.append(meter.record(time: t, screen: "camera", layer: .creature)) }
        overruns.append(meter.record(time: 20, screen: "camera", layer: .creature))
        func over(_ budget: String, _ scope: String, _ count: Int, _ max: Int, _ window: Double) -> BudgetMeter.Overrun
        {
            BudgetMeter.Overrun(budget: budget, scope: scope, count: count, max: max, window: window)
        }
        #expect(
            overruns == [
                [], [],
                [over("B-2", "layer creature", 3, 2, 5)],
                [over("B-1", "screen camera", 4, 3, 10), over("B-2", "layer creature", 4, 2, 5)],
                [over("B-1", "screen camera", 5, 3, 10), over("B-2", "layer creature", 5, 2, 5)],
                [],
            ])
        // The breaches are the same bursts, merged.
        #expect(meter.breaches.map(\.count) == [5, 5])
        var excepting = BudgetMeter(budgets: [Self.ticksExcepted])
        for step in 0..<10 {
            #expect(
                excepting.record(time: Double(step) / 10, screen: "camera", layer: .ui, event: "selector.tick").isEmpty)
        }
        #expect(excepting.record(Decision(action: .silent, screen: "camera", reason: .designer), at: 2).isEmpty)
    }

    /// A reported budget reads its window as an enforced one does, as the decimals say
    /// (Docs/decision-order.md, "Times"): at 1 ring per 1 s, rings at 1.05 and 2.05 are
    /// not a breach, though 2.05 − 1.05 is a hair under 1 in binary; 2.05 and 3 are.
    @Test func aRingExactlyAWindowEarlierAsTheDecimalsReadIsOut() {
        let perSecond = PolicyContent.Budget(id: "R-1", scope: .eachScreen, max: 1, window: 1)
        var meter = BudgetMeter(budgets: [perSecond])
        #expect(meter.record(time: 1.05, screen: "s", layer: .ui).isEmpty)
        #expect(meter.record(time: 2.05, screen: "s", layer: .ui).isEmpty)
        #expect(meter.record(time: 3, screen: "s", layer: .ui).map(\.count) == [2])
        // One ring a second on a 50 Hz physics step's times never counts two.
        var stepped = BudgetMeter(budgets: [perSecond])
        for time in [1.01, 2.01, 3.01, 4.01, 5.01] {
            #expect(stepped.record(time: time, screen: "s", layer: .ui).isEmpty, "ring at \(time)")
        }
        #expect(stepped.breaches.isEmpty)
    }

    /// A log that breaks a budget over and over keeps the first `breachLimit` breaches
    /// and counts the rest, so the meter does not grow with the log.
    @Test func breachesPastTheLimitAreCountedNotKept() {
        var meter = BudgetMeter(budgets: [Self.perScreen])
        let bursts = BudgetMeter.breachLimit + 500
        for burst in 0..<bursts {
            for ring in 0..<4 { meter.record(time: Double(burst) * 100 + Double(ring), screen: "camera", layer: .ui) }
        }
        // The last burst is still open: kept as the open breach of its counter.
        #expect(meter.breaches.count == BudgetMeter.breachLimit + 1)
        #expect(meter.breachesNotKept == bursts - BudgetMeter.breachLimit - 1)
        #expect(meter.breaches.first?.start == 0)
        #expect(meter.breaches.last?.start == Double(bursts - 1) * 100)
    }

    @Test func selectorSpinIsNotCountedByABudgetThatExceptsIt() {
        var meter = BudgetMeter(budgets: [Self.ticksExcepted])
        for step in 0..<40 {
            meter.record(time: 1 + Double(step) * 0.05, screen: "camera", layer: .ui, event: "selector.tick")
        }
        #expect(meter.breaches.isEmpty)
        #expect(meter.rings == 40)
    }

    @Test func shutterBurstStillBreachesABudgetThatExceptsTicks() {
        var meter = BudgetMeter(budgets: [Self.ticksExcepted])
        for step in 0..<20 {
            meter.record(time: 0.5 + Double(step) * 0.05, screen: "camera", layer: .ui, event: "selector.tick")
        }
        for t in [2.0, 3, 4, 5, 6, 7, 8] { meter.record(time: t, screen: "camera", layer: .ui, event: "shutter") }
        // Only the seven shutters count: the breach starts at the first shutter, not at a tick.
        #expect(
            meter.breaches == [
                BudgetMeter.Breach(
                    budget: "B-1", scope: "screen camera", count: 7, max: 6, window: 10, start: 2, end: 8)
            ])
    }

    @Test func exceptionsBelongToTheirBudget() {
        let strict = PolicyContent.Budget(id: "B-9", scope: .screen("camera"), max: 6, window: 10)
        var meter = BudgetMeter(budgets: [Self.ticksExcepted, strict])
        for step in 0..<10 {
            meter.record(time: 1 + Double(step) * 0.1, screen: "camera", layer: .ui, event: "selector.tick")
        }
        #expect(meter.breaches.map(\.budget) == ["B-9"])
    }

    @Test func decisionsCarryTheirEventName() {
        var meter = BudgetMeter(budgets: [Self.ticksExcepted])
        let tick = Decision(
            action: .play, screen: "camera",
            plan: FeedbackPlan(
                name: "tick", layer: .ui, body: .preset(.selection, intensity: nil), fallback: nil, note: nil,
                location: SourcePosition(line: 0, column: 0)))
        for step in 0..<10 { meter.record(tick, at: 1 + Double(step) * 0.1, event: "selector.tick") }
        #expect(meter.breaches.isEmpty)
        // Without an event name every budget counts the ring.
        for step in 0..<10 { meter.record(tick, at: 3 + Double(step) * 0.1) }
        #expect(meter.breaches.map(\.count) == [10])
    }

    @Test func withinBudgetReportsNothing() {
        var meter = BudgetMeter(budgets: [Self.perScreen])
        for t in [0.0, 4, 8, 12, 16, 20] { meter.record(time: t, screen: "camera", layer: .ui) }
        #expect(meter.breaches.isEmpty)
        #expect(meter.rings == 6)
    }

    @Test func windowIsHalfOpen() {
        var meter = BudgetMeter(budgets: [Self.perScreen])
        // The ring at 0 leaves the window at exactly 10.
        for t in [0.0, 1, 2, 10] { meter.record(time: t, screen: "camera", layer: .ui) }
        #expect(meter.breaches.isEmpty)
    }

    @Test func breachCarriesItsWindowAndMergesOverlaps() {
        var meter = BudgetMeter(budgets: [Self.perScreen])
        for t in [1.0, 2, 3, 4, 5, 30, 31, 32, 33] { meter.record(time: t, screen: "camera", layer: .ui) }
        let breaches = meter.breaches
        #expect(breaches.count == 2)
        #expect(
            breaches.first
                == BudgetMeter.Breach(
                    budget: "B-1", scope: "screen camera", count: 5, max: 3, window: 10, start: 1, end: 5))
        #expect(breaches.last?.start == 30)
        #expect(breaches.last?.end == 33)
        #expect(breaches.first?.description == "B-1: 5 rings on screen camera within 10 s (max 3), 1 s to 5 s")
    }

    @Test func screensAreCountedSeparately() {
        var meter = BudgetMeter(budgets: [Self.perScreen])
        for t in [1.0, 2, 3] {
            meter.record(time: t, screen: "camera", layer: .ui)
            meter.record(time: t, screen: "album", layer: .ui)
        }
        #expect(meter.breaches.isEmpty)
    }

    @Test func layerBudgetCountsOnlyItsLayer() {
        var meter = BudgetMeter(budgets: [Self.creature])
        for t in [1.0, 1.5, 2] { meter.record(time: t, screen: "camera", layer: .ui) }
        #expect(meter.breaches.isEmpty)
        for t in [3.0, 3.5, 4] { meter.record(time: t, screen: "camera", layer: .creature) }
        #expect(meter.breaches.map(\.scope) == ["layer creature"])
    }

    @Test func namedScreenBudgetIgnoresOtherScreens() {
        let album = PolicyContent.Budget(id: "B-3", scope: .screen("album"), max: 1, window: 60)
        var meter = BudgetMeter(budgets: [album])
        for t in [1.0, 2, 3] { meter.record(time: t, screen: "camera", layer: .ui) }
        #expect(meter.breaches.isEmpty)
        meter.record(time: 4, screen: "album", layer: .ui)
        meter.record(time: 50, screen: "album", layer: .ui)
        #expect(meter.breaches.map(\.description) == ["B-3: 2 rings on screen album within 60 s (max 1), 4 s to 50 s"])
    }

    @Test func longLogsKeepOnlyTheWindow() {
        var meter = BudgetMeter(budgets: [Self.perScreen])
        for index in 0..<100_000 { meter.record(time: Double(index) * 4, screen: "camera", layer: .ui) }
        #expect(meter.breaches.isEmpty)
        #expect(meter.rings == 100_000)
    }
}
