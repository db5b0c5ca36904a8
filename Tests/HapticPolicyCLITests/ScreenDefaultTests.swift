import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import HapticPolicyYAML
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// Language v3, feature E: a screen's default (`otherwise:`), the ticker gesture as a
/// condition (`when: {in-gesture: ...}`) and `stop: all` beside a play when nothing loops,
/// through the front end, the checks, the runtime and the tools.
@Suite struct ScreenDefaultTests {
    static let policyText = """
        policy: search
        version: 1
        feedback:
          tick: {layer: ui, preset: selection}
          open: {layer: ui, preset: impact.light}
          drone:
            layer: creature
            pattern:
              events:
                - {type: continuous, time: 0, duration: 0.5}
              loop: 1
            fallback: none
        events:
          picker.begin: {layer: ui, screens: [search]}
          picker.tick: {layer: ui, screens: [search]}
          picker.end: {layer: ui, screens: [search]}
          result.open: {layer: ui, screens: all}
          list.settle: {layer: ui, screens: all}
          drone.start: {layer: creature, screens: [map]}
          map.reset: {layer: creature, screens: [map]}
        screens:
          search:
            otherwise: {silent: the search screen is quiet but for its picker}
            table:
              picker.begin: {ticker: begin}
              picker.tick:
                - {when: {in-gesture: true}, ticker: tick, play: tick}
                - {silent: a tick outside a scroll is the list settling}
              picker.end: {ticker: end}
          map:
            enter: [prepare-engine]
            table:
              result.open: {play: open}
              list.settle: {silent: no list on the map}
              drone.start: {play: drone}
              map.reset: {stop: all, play: open}
        budgets:
          - {id: B-1, each: screen, max: 20, per: 10}
        """

    static func load(_ text: String = policyText) -> (document: PolicyDocument?, diagnostics: [Diagnostic]) {
        let result = PolicyLoader.parse(Array(text.utf8), file: "search.yaml")
        return (result.document, result.diagnostics + (result.document.map(PolicyValidator.validate) ?? []))
    }

    static func policy(_ text: String = policyText) throws -> Policy {
        let document = try #require(PolicyLoader.parse(Array(text.utf8), file: "search.yaml").document)
        let validated = try #require(PolicyValidator.check(document).validated)
        return PolicyCompiler.compile(validated)
    }

    // MARK: Front end

    @Test func theFrontEndReadsOtherwiseAndInGesture() throws {
        let (document, diagnostics) = Self.load()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let search = try #require(document?.screens.first)
        #expect(search.otherwise?.silent?.value == "the search screen is quiet but for its picker")
        let tick = try #require(search.cells.first { $0.event.value == "picker.tick" })
        #expect(tick.rows[0].condition?.inGesture?.value == true)
        #expect(tick.rows[0].condition?.inGesture?.location.line == 27)
    }

    @Test func aNonBooleanInGestureIsALocatedError() throws {
        let text = Self.policyText.replacingOccurrences(of: "in-gesture: true", with: "in-gesture: scrolling")
        let (_, diagnostics) = Self.load(text)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.location.line == 27)
        #expect(error.message.contains("in-gesture"))
    }

    // MARK: Checks

    @Test func otherwiseSatisfiesTheMissingCellCheck() {
        let text = Self.policyText.replacingOccurrences(
            of: "    otherwise: {silent: the search screen is quiet but for its picker}\n", with: "")
        #expect(Self.load(text).diagnostics.map(\.code).contains("HP301"))
        #expect(!Self.load().diagnostics.map(\.code).contains("HP301"))
    }

    @Test func rowsInAndOutOfTheGestureAreComplete() {
        let both = Self.policyText.replacingOccurrences(
            of: "- {silent: a tick outside a scroll is the list settling}",
            with: "- {when: {in-gesture: false}, silent: a tick outside a scroll is the list settling}")
        #expect(Self.load(both).diagnostics.isEmpty)
        let onlyTrue = Self.policyText.replacingOccurrences(
            of: "- {silent: a tick outside a scroll is the list settling}",
            with: "- {when: {speaks: true}, silent: a tick outside a scroll is the list settling}")
        #expect(Self.load(onlyTrue).diagnostics.map(\.code) == ["HP309"])
        let twice = Self.policyText.replacingOccurrences(
            of: "- {silent: a tick outside a scroll is the list settling}",
            with: "- {when: {in-gesture: true}, silent: again}\n        - {silent: the rest}")
        #expect(Self.load(twice).diagnostics.map(\.code).contains("HP302"))
    }

    // MARK: Compiler and bundle

    @Test func otherwiseIsLoweredToSilentCellsCitingTheScreensDefault() throws {
        let policy = try Self.policy()
        let cells = policy.content.cells.filter { $0.otherwise == true }
        // result.open and list.settle can occur on search and its table leaves them out.
        #expect(cells.map { policy.content.events[$0.event].name } == ["result.open", "list.settle"])
        #expect(cells.allSatisfy { $0.rows.map(\.rule) == ["search/otherwise"] && $0.screen == 0 })
        #expect(cells.allSatisfy { $0.rows[0].location.line == 23 })
        let reloaded = try PolicyBundle.decode(PolicyBundle.encode(policy))
        #expect(reloaded.content == policy.content)
    }

    /// `otherwise:` may `cite:` the invariants its silence implements, as a row may: it
    /// checks (no HP340 about ringing, HP205 for an undeclared id, the cited guideline
    /// counts as used), compiles onto every cell it makes, survives the bundle, and the
    /// decisions it makes cite it. (It was refused as if the default played.)
    @Test func otherwiseCitesTheInvariantsItsSilenceImplements() throws {
        let quiet = "otherwise: {silent: the search screen is quiet but for its picker"
        let text =
            Self.policyText.replacingOccurrences(of: quiet + "}", with: quiet + ", cite: U-1}")
            + "\ninvariants:\n  - {id: U-1, rule: guideline, says: no haptic for what the user did not choose}\n"
        let codes = Self.load(text).diagnostics.map(\.code)
        #expect(!codes.contains("HP340") && !codes.contains("HP214"), "\(Self.load(text).diagnostics)")
        #expect(!Self.load(text).diagnostics.contains { $0.severity == .error }, "\(Self.load(text).diagnostics)")
        let undeclared = Self.load(text.replacingOccurrences(of: "cite: U-1}", with: "cite: U-2}")).diagnostics
        #expect(undeclared.map(\.code).contains("HP205"), "\(undeclared)")
        #expect(!undeclared.map(\.code).contains("HP340"), "\(undeclared)")

        let policy = try Self.policy(text)
        let cells = policy.content.cells.filter { $0.otherwise == true }
        #expect(!cells.isEmpty && cells.allSatisfy { $0.rows.map(\.cites) == [["U-1"]] })
        let (content, hash) = try PolicyBundle.decode(PolicyBundle.encode(policy))
        let reloaded = Policy(content: content, hash: hash)
        #expect(reloaded.content == policy.content)
        var session = Session(policy: reloaded)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "search"))
        let open = session.decide(session.event(t: 1, name: "result.open"))
        #expect(open.rule?.id == "search/otherwise" && open.rule?.cites == ["U-1"])
    }

    @Test func aDamagedOtherwiseCellIsRefused() throws {
        var content = try Self.policy().content
        let index = try #require(content.cells.firstIndex { $0.otherwise == true })
        content.cells[index].rows[0].rule = "search/result.open"
        #expect(content.inconsistency?.contains("otherwise") == true)
    }

    /// The shared fixture `Web/test/fixtures/tables.bundle.json` (Conformance/tables/policy.yaml,
    /// compiled) with `change` made to its content, hashed again, as the Kotlin
    /// (`BundleReaderTest`) and TypeScript (`runtime.test.mjs`) readers' tests damage it.
    static func damagedTables(_ change: (String) -> String) throws -> (changed: Bool, problem: String?) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(
            contentsOf: root.appendingPathComponent("Web/test/fixtures/tables.bundle.json"), encoding: .utf8)
        let marker = try #require(text.range(of: ",\"content\":"))
        let whole = text.prefix { $0 != "\n" }
        let content = String(whole[marker.upperBound...].dropLast())
        let changed = change(content)
        let bytes = Array(
            (#"{"format":"haptic-policy-bundle","formatVersion":7,"policy":"tables","hash":"sha256:"#
                + SHA256.hex(Array(changed.utf8)) + #"","content":"# + changed + "}\n").utf8)
        do {
            _ = try PolicyBundle.decode(bytes)
            return (changed != content, nil)
        } catch {
            return (changed != content, "\(error)")
        }
    }

    @Test func anOtherwiseCellOffItsScreenOrDecidedEverywhereIsRefused() throws {
        // result.open (the first otherwise cell) made to occur on map only.
        let offScreen = try Self.damagedTables {
            $0.replacingOccurrences(of: #""name":"result.open"}"#, with: #""name":"result.open","screens":[1]}"#)
        }
        #expect(offScreen.changed)
        #expect(
            offScreen.problem?.contains(
                "the otherwise cell of screen 'search' decides 'result.open', which cannot occur on it") == true,
            "\(offScreen.problem ?? "accepted")")
        // The second otherwise cell (list.settle) turned into one for button.tap, which everywhere: decides.
        let everywhere = try Self.damagedTables {
            $0.replacingOccurrences(
                of: #"{"event":4,"otherwise":true"#, with: #"{"event":5,"otherwise":true"#)
        }
        #expect(everywhere.changed)
        #expect(
            everywhere.problem?.contains(
                "the otherwise cell of screen 'search' decides 'button.tap', which everywhere: decides") == true,
            "\(everywhere.problem ?? "accepted")")
        // The fixture itself loads.
        #expect(try Self.damagedTables { $0 }.problem == nil)
    }

    @Test func aPolicyWithoutV3FeaturesCompilesToTheSameContentJSON() throws {
        let plain = try Self.policy(
            Self.policyText.replacingOccurrences(
                of: "    otherwise: {silent: the search screen is quiet but for its picker}\n", with: ""
            ).replacingOccurrences(
                of: "      picker.end: {ticker: end}\n",
                with: "      picker.end: {ticker: end}\n      result.open: {silent: quiet}\n"
                    + "      list.settle: {silent: quiet}\n"
            ).replacingOccurrences(of: "{when: {in-gesture: true}, ", with: "{when: {speaks: false}, "))
        let json = String(decoding: try JSONEncoder().encode(plain.content), as: UTF8.self)
        #expect(!json.contains("otherwise") && !json.contains("inGesture"))
    }

    // MARK: Runtime

    @Test func otherwiseDecidesWhatTheTableLeavesOut() throws {
        var session = Session(policy: try Self.policy())
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "search"))
        let open = session.decide(session.event(t: 1, name: "result.open"))
        #expect(open.action == .silent && open.reason == .designer)
        #expect(open.note == "the search screen is quiet but for its picker")
        #expect(open.rule?.id == "search/otherwise")
        let elsewhere = session.decide(session.event(t: 2, name: "drone.start"))
        #expect(elsewhere.reason == .undeclared)
    }

    @Test func inGestureMatchesOnlyWhileAGestureIsOpen() throws {
        var session = Session(policy: try Self.policy())
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "search"))
        let before = session.decide(session.event(t: 1, name: "picker.tick"))
        #expect(before.action == .silent && before.rule?.id == "search/picker.tick#2")
        _ = session.decide(session.event(t: 2, name: "picker.begin"))
        let inside = session.decide(session.event(t: 2.1, name: "picker.tick"))
        #expect(inside.action == .play && inside.reason == nil)
        _ = session.decide(session.event(t: 2.2, name: "app.state", value: .string("background")))
        _ = session.decide(session.event(t: 2.3, name: "app.state", value: .string("foreground")))
        let after = session.decide(session.event(t: 2.4, name: "picker.tick"))
        #expect(after.action == .silent && after.rule?.id == "search/picker.tick#2")
    }

    /// Issue 23 item 3: `stop: all` beside a play, with nothing looping, added an `also`
    /// step `not-running` to every decision of the row.
    @Test func stopAllThatStopsNothingIsLeftOutOfAlso() throws {
        var session = Session(policy: try Self.policy())
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "map"))
        let idle = session.decide(session.event(t: 1, name: "map.reset"))
        #expect(idle.action == .play)
        #expect(idle.also.isEmpty)
        _ = session.decide(session.event(t: 2, name: "drone.start"))
        let running = session.decide(session.event(t: 3, name: "map.reset"))
        #expect(running.also.map(\.action) == [.stop])
        #expect(running.also.first?.directives == .stopLoop)
    }

    // MARK: Tools

    @Test func theTableMarksTheScreensDefault() throws {
        let table = DecisionTable(try Self.policy())
        let search = try #require(table.screens.first { $0.name == "search" })
        let open = try #require(search.cells.first { $0.event == "result.open" })
        #expect(open.origin == .otherwise)
        #expect(open.rows.first?.reason == "the search screen is quiet but for its picker")
        let tick = try #require(search.cells.first { $0.event == "picker.tick" })
        #expect(tick.rows.first?.condition == "in-gesture = true")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID().uuidString).yaml")
        try Self.policyText.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let markdown = runInProcess(["table", file.path])
        #expect(markdown.stdout.contains("(the screen's default)"))
        let json = runInProcess(["table", "--format", "json", file.path])
        #expect(json.stdout.contains("\"origin\":\"otherwise\"") || json.stdout.contains("\"origin\" : \"otherwise\""))
    }

    @Test func coverageCountsTheScreensDefaultAsOneItem() throws {
        let policy = try Self.policy()
        var coverage = PolicyCoverage(policy: policy)
        #expect(coverage.cells.all.filter { $0.hasPrefix("search/") }.contains("search/otherwise"))
        #expect(!coverage.cells.all.contains("search/result.open"))
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "search"))
        let event = TimedEvent(t: 1, name: "list.settle")
        let decision = session.decide(session.event(t: 1, name: "list.settle"))
        coverage.record(decision, for: event)
        #expect(coverage.cells.hit.contains("search/otherwise"))
    }

    @Test func hoverOnAScreenSaysWhatItsDefaultDoes() throws {
        let document = try #require(Self.load().document)
        let text = PolicyHover.text(.screen, "search", document: document, policy: try Self.policy()) ?? ""
        #expect(text.contains("otherwise (every other event that can occur here): silent, the search screen is quiet"))
    }
}
