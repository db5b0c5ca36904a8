import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay

/// The decision table as JSON for tools (stable shape, documented in Docs/cli.md,
/// `Docs/schemas/table.schema.json`).
enum DecisionTableJSONReporter {
    /// The version of the shape (`"format"`); raised when a field changes meaning or goes away.
    static let formatVersion = 1

    struct Report: Encodable {
        var format = DecisionTableJSONReporter.formatVersion
        var policy: String
        var invariants: [String: String]
        /// Events with a declared payload; left out when none does.
        var payloads: [Payload]?
        /// Feedback whose priority is not `normal`, highest first; left out when none.
        var priorities: [FeedbackPriority]?
        var screens: [Screen]
        var bands: [Band]
        var userLevels: UserLevels?
        /// What the app in background still plays; left out when it keeps nothing.
        var background: Background?
        /// The rate budgets, in source order; left out when there are none.
        var budgets: [Budget]?
    }

    /// A rate budget.
    struct Budget: Encodable {
        var id: String
        /// `each-screen`, `screen`, `layer` or `events`.
        var scope: String
        /// The screen of a `screen` scope.
        var screen: String?
        /// The layer of a `layer` scope.
        var layer: String?
        /// The events of an `events` scope (`event:` or `events:`).
        var events: [String]?
        /// The scope in words: `each screen`, `event off.route`.
        var counts: String
        var max: Int
        /// The window, seconds.
        var per: Double
        /// True when a ring over it is silent (`over-budget`); false when it is only reported.
        var enforce: Bool
        /// The events it does not count, each with the designer's reason (left out from a bundle).
        var except: [BudgetException]
        /// The warnings acknowledged on it (`acknowledge:`); left out when none.
        var acknowledged: [Acknowledged]?
        var line: Int
        var column: Int
        /// The file it is declared in, when it is not the main file (`include:`).
        var file: String?
    }

    struct BudgetException: Encodable {
        var event: String
        var reason: String?
    }

    struct Acknowledged: Encodable {
        var code: String
        var reason: String
    }

    struct Background: Encodable {
        var keeps: String
        var note: String?
        var rings: [String]
        var silences: [String]
    }

    struct UserLevels: Encodable {
        var setBy: String
        var start: String
        var levels: [UserLevel]
    }

    struct UserLevel: Encodable {
        var name: String
        var keeps: String
        var note: String?
        var rings: [String]
        var silences: [String]
    }

    struct Payload: Encodable {
        var event: String
        var fields: [String]
    }

    struct FeedbackPriority: Encodable {
        var feedback: String
        var priority: String
    }

    struct Band: Encodable {
        var name: String
        var unit: String?
        var hysteresis: Double
        var dwell: Double?
        var plausibleMin: Double?
        var plausibleMax: Double?
        var levels: [Level]
        /// `falling` or `rising` for an approach band; left out otherwise.
        var approach: String? = nil
    }

    struct Level: Encodable {
        var name: String
        var below: Double?
        /// `play` or `silent`; `by-direction` when entering from below and from above differ
        /// (then `play`, `layer` and `reason` are left out: see `fromBelow`, `fromAbove`).
        var action: String
        var play: String?
        var layer: String?
        var reason: String?
        var values: String
        var leftWhen: String
        /// In a level with directions, what entering it from the level below does; left
        /// out for the lowest level, which is never entered from below.
        var fromBelow: Entry?
        /// In a level with directions, what entering it from the level above does; left
        /// out for the highest level.
        var fromAbove: Entry?
        /// The edge as written when it reads run-time parameters (`0.6 * max_hr`);
        /// `below` is then its value at the defaults.
        var edge: String?
        /// True when the upper edge is inclusive (`at-most:`); left out otherwise.
        var inclusive: Bool? = nil
        /// The template parameters the level gives what it plays (`urgency = 3`); left out when none.
        var with: String?
    }

    /// What entering a level one way does.
    struct Entry: Encodable {
        /// `play` or `silent`.
        var action: String
        var play: String?
        var layer: String?
        var reason: String?

        init(_ entry: DecisionTable.Band.Entry) {
            action = entry.play != nil ? "play" : "silent"
            play = entry.play
            layer = entry.layer?.rawValue
            reason = entry.play == nil ? entry.silent : nil
        }
    }

    struct Screen: Encodable {
        var name: String
        var enter: [String]
        var note: String?
        var cells: [Cell]
    }

    struct Cell: Encodable {
        var event: String
        var eventLayer: String?
        var origin: String
        var rows: [Row]
        /// True when the event ends its subject (`ends-subject: true`); left out otherwise.
        var endsSubject: Bool? = nil
    }

    struct Row: Encodable {
        var when: String?
        var action: String
        var target: String?
        var layer: String?
        var reason: String?
        var cites: [String]
        var directives: [String]
        var note: String?
        var line: Int
        var column: Int
        /// The file the row is written in, when it is not the main file (`include:`).
        var file: String?
        /// Every action in execution order, for a row that does several things (else omitted).
        var steps: [Step]?
        /// The `with:` arguments, `bpm = value` (else omitted).
        var with: String?
    }

    struct Step: Encodable {
        var action: String
        var target: String?
        var layer: String?
    }

    /// The table as JSON; a row written in a file other than `file` (the policy's main
    /// file, `Policy.file`) names its file.
    static func render(_ table: DecisionTable, policy: String, file: String? = nil) -> String {
        JSONWriter.report(
            Report(
                policy: policy,
                invariants: table.invariants,
                payloads: table.payloads.isEmpty
                    ? nil : table.payloads.map { Payload(event: $0.event, fields: $0.fields) },
                priorities: table.priorities.isEmpty
                    ? nil
                    : table.priorities.map { FeedbackPriority(feedback: $0.feedback, priority: $0.priority.rawValue) },
                screens: table.screens.map { screen in
                    Screen(
                        name: screen.name, enter: screen.onEnter, note: screen.note,
                        cells: screen.cells.map { cell in
                            Cell(
                                event: cell.event, eventLayer: cell.eventLayer?.rawValue, origin: cell.origin.rawValue,
                                rows: cell.rows.map { row in
                                    Row(
                                        when: row.condition, action: row.action.rawValue, target: row.target,
                                        layer: row.layer?.rawValue, reason: row.reason, cites: row.cites,
                                        directives: row.directives, note: row.note, line: row.location.line,
                                        column: row.location.column,
                                        file: file == nil || row.location.file == file || row.location == .unknown
                                            ? nil : row.location.file,
                                        steps: row.steps.isEmpty
                                            ? nil
                                            : row.steps.map {
                                                Step(
                                                    action: $0.action.rawValue, target: $0.target,
                                                    layer: $0.layer?.rawValue)
                                            },
                                        with: row.arguments)
                                }, endsSubject: cell.endsSubject ? true : nil)
                        })
                },
                bands: table.bands.map { band in
                    Band(
                        name: band.name, unit: band.unit, hysteresis: band.hysteresis, dwell: band.dwell,
                        plausibleMin: band.plausibleMin, plausibleMax: band.plausibleMax,
                        levels: band.levels.indices.map { index in
                            let level = band.levels[index]
                            let uniform = band.uniformEntry(ofLevel: index)
                            let ways = band.isDirected(index) ? band.ways(ofLevel: index) : []
                            return Level(
                                name: level.name, below: level.below,
                                action: uniform.map { $0.play != nil ? "play" : "silent" } ?? "by-direction",
                                play: uniform?.play, layer: uniform?.layer?.rawValue,
                                reason: band.neverEnteredText(ofLevel: index)
                                    ?? (uniform?.play == nil ? uniform?.silent : nil),
                                values: band.values(ofLevel: index), leftWhen: band.leaving(level: index),
                                fromBelow: ways.first { $0.direction == .fromBelow }.map { Entry($0.entry) },
                                fromAbove: ways.first { $0.direction == .fromAbove }.map { Entry($0.entry) },
                                edge: level.edge, inclusive: level.inclusive ? true : nil, with: level.arguments)
                        }, approach: band.approach?.rawValue)
                },
                userLevels: table.userLevels.isEmpty
                    ? nil
                    : UserLevels(
                        setBy: table.userLevelEvent ?? "", start: table.startLevel ?? "",
                        levels: table.userLevels.map {
                            UserLevel(
                                name: $0.name, keeps: $0.keeps, note: $0.note, rings: $0.rings, silences: $0.silences)
                        }),
                background: table.background.map {
                    Background(keeps: $0.keeps, note: $0.note, rings: $0.rings, silences: $0.silences)
                },
                budgets: table.budgets.isEmpty ? nil : table.budgets.map { budget(file: file, $0) }))
    }

    private static func budget(file: String?, _ budget: DecisionTable.Budget) -> Budget {
        var out = Budget(
            id: budget.id, scope: budget.scope.kind, counts: budget.scope.text, max: budget.max, per: budget.per,
            enforce: budget.enforced,
            except: budget.exceptions.map { BudgetException(event: $0.event, reason: $0.reason) },
            acknowledged: budget.acknowledged.isEmpty
                ? nil : budget.acknowledged.map { Acknowledged(code: $0.code, reason: $0.reason) },
            line: budget.location.line, column: budget.location.column,
            file: file == nil || budget.location.file == file || budget.location == .unknown
                ? nil : budget.location.file)
        switch budget.scope {
        case .eachScreen: break
        case .screen(let name): out.screen = name
        case .layer(let layer): out.layer = layer.rawValue
        case .events(let names): out.events = names
        }
        return out
    }
}
