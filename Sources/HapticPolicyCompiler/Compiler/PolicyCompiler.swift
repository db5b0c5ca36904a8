import HapticPolicy
import HapticPolicyDocument

/// Compiles a validated document into a `Policy`: every name resolved to an index, every
/// feedback planned (preset with its intensity, pattern template, fallback chain),
/// budgets and invariants carried as data. It takes only a `ValidatedPolicy`, so it never
/// validates again and cannot fail: a reference that does not resolve here is a bug in
/// the validator, stopped by a precondition (`ValidatedPolicyTests` shows each such
/// document is refused before it gets here).
public enum PolicyCompiler {
    /// The compiled policy of a validated document. Its rule locations name
    /// `document.file`; its hash covers the content only, so the same policy compiled from
    /// another path, or loaded from its bundle, has the same hash.
    public static func compile(_ validated: ValidatedPolicy) -> Policy {
        Policy(validated: validated)
    }

    static func content(of document: PolicyDocument) -> PolicyContent {
        let files = SourceFiles(document)
        let screenIndex = firstIndex(document.screens.map(\.name.value))
        let eventIndex = firstIndex(document.events.map(\.name.value))
        let feedbackIndex = firstIndex(document.feedback.map(\.name.value))
        let bandIndex = firstIndex(document.bands.map(\.name.value))
        let parameterIndex = firstIndex(document.parameters.map(\.name.value))
        func resolved(_ index: NameTable<Int>, _ name: Located<String>, _ what: String) -> Int {
            guard let found = index[name.value] else {
                preconditionFailure("validated policy names an undeclared \(what) '\(name.value)' at \(name.location)")
            }
            return found
        }

        let screens = document.screens.map {
            PolicyContent.Screen(
                name: $0.name.value, enter: $0.onEnter.map(\.value), note: $0.note,
                location: files.position($0.location))
        }
        let events = document.events.map { event -> PolicyContent.Event in
            var listed: [Int]?
            if case .only(let names) = event.screens {
                var seen = Set<Int>()
                listed = names.map { resolved(screenIndex, $0, "screen") }.filter { seen.insert($0).inserted }
            }
            var compiled = PolicyContent.Event(
                name: event.name.value, layer: event.layer.value, screens: listed, value: event.value?.value,
                note: event.note, location: files.position(event.name.location), payload: payload(of: event))
            if event.endsSubject?.value == true { compiled.endsSubject = true }
            return compiled
        }
        // What each platform plays: a fallback naming a preset feedback takes that
        // feedback as the platform plays it.
        let variants = Dictionary(
            document.platformVariants.map { ($0.platform, $0.document) }, uniquingKeysWith: { first, _ in first })
        let feedback = document.feedback.enumerated().map { index, decl in
            var platforms: [Platform: FeedbackPlan] = [:]
            for override in decl.platforms {
                guard let variant = variants[override.platform.value] else { continue }
                platforms[override.platform.value] = plan(variant.feedback[index], in: variant)
            }
            return plan(decl, in: document, platforms: platforms)
        }
        let defaults = Dictionary(
            document.parameters.map { ($0.name.value, $0.defaultValue.value) }, uniquingKeysWith: { first, _ in first })
        let bands = document.bands.map { band in
            var lowered = PolicyContent.Band(
                // An approach band's edges are the designer's numbers: no hysteresis shift.
                name: band.name.value, unit: band.unit,
                hysteresis: band.approach == nil ? max(0, band.hysteresis.value) : 0,
                dwell: band.dwell.map { max(0, $0.value) },
                plausible: band.plausible.map { .init(min: $0.min?.value, max: $0.max?.value) },
                levels: band.levels.indices.map { index in
                    let level = band.levels[index]
                    let directed = !band.toward.isEmpty || level.fromBelow != nil || level.fromAbove != nil
                    func entry(up: Bool) -> PolicyContent.Band.Entry? {
                        guard directed, up ? index > 0 : index < band.levels.count - 1,
                            let entry = band.entry(index, up: up)
                        else { return nil }
                        return .init(
                            play: entry.play.map { resolved(feedbackIndex, $0, "feedback") },
                            silent: entry.silent?.value)
                    }
                    // A parametric edge keeps its value at the parameters' defaults in `below`.
                    let edge = level.belowExpression?.value
                    var lowered = PolicyContent.Band.Level(
                        name: level.name.value, below: edge.map { try? $0.evaluate(defaults) } ?? level.below?.value,
                        play: level.play.map { resolved(feedbackIndex, $0, "feedback") }, silent: level.silent?.value,
                        fromBelow: entry(up: true), fromAbove: entry(up: false), edge: edge,
                        location: files.position(level.location))
                    lowered.inclusive = level.inclusive ? true : nil
                    if !level.with.isEmpty { lowered.arguments = level.with.map(argument) }
                    return lowered
                },
                location: files.position(band.location))
            lowered.approach = band.approach?.value
            return lowered
        }
        func cell(_ decl: CellDecl, screen: Int?) -> PolicyContent.Cell {
            let event = decl.event.value
            let screenName = screen.map { document.screens[$0].name.value }
            let rows = decl.rows.enumerated().map { position, row -> PolicyContent.Row in
                let rule = RuleID(screen: screenName, event: event, row: position, rows: decl.rows.count)
                var action = PolicyContent.Row.Action.none
                var also: [PolicyContent.Row.Action] = []
                if row.loop != nil || row.hasSeveralActions {
                    // In execution order; the main step is the row's action, the others
                    // its `also`.
                    let steps = ExecutionOrder.steps(
                        stop: row.stop.map {
                            PolicyContent.Row.Action.stop(
                                $0.value == "all" ? nil : resolved(feedbackIndex, $0, "feedback"))
                        },
                        play: row.play.map { PolicyContent.Row.Action.play(resolved(feedbackIndex, $0, "feedback")) },
                        loop: row.loop.map { PolicyContent.Row.Action.loop(resolved(feedbackIndex, $0, "feedback")) })
                    var actions = steps.map(\.target)
                    action = actions.remove(at: ExecutionOrder.main(steps.map(\.kind)))
                    also = actions
                } else if let play = row.play {
                    action = .play(resolved(feedbackIndex, play, "feedback"))
                } else if let band = row.band {
                    action = .band(resolved(bandIndex, band, "band"))
                } else if let silent = row.silent {
                    action = .silent(silent.value)
                } else if let stop = row.stop {
                    action = .stop(stop.value == "all" ? nil : resolved(feedbackIndex, stop, "feedback"))
                }
                let condition = row.condition.map { written in
                    var condition = PolicyContent.Condition(
                        speaks: written.speaks?.value, value: written.value?.value, subject: written.subject?.value,
                        range: written.range?.range, oneOf: written.oneOf?.map(\.value))
                    condition.inGesture = written.inGesture?.value
                    if !written.parameters.isEmpty {
                        condition.parameters = written.parameters.map {
                            PolicyContent.ParameterTest(
                                parameter: resolved(parameterIndex, $0.name, "run-time parameter"),
                                range: $0.range.range)
                        }
                    }
                    if !written.data.isEmpty { condition.data = written.data.map(dataTest) }
                    return condition
                }
                var levelRules: [String]?
                if case .band(let b) = action {
                    levelRules = document.bands[b].levels.map {
                        RuleID(
                            screen: screenName, event: event, row: position, rows: decl.rows.count, level: $0.name.value
                        )
                        .text
                    }
                }
                var compiled = PolicyContent.Row(
                    rule: rule.text, condition: condition, action: action, ticker: row.ticker?.value,
                    directives: row.directives.map(\.value), cites: row.cites.map(\.value), note: row.note,
                    location: files.position(row.location == .unknown ? decl.location : row.location),
                    levelRules: levelRules)
                if !also.isEmpty { compiled.also = also }
                if !row.with.isEmpty { compiled.arguments = row.with.map(argument) }
                return compiled
            }
            return PolicyContent.Cell(
                event: resolved(eventIndex, decl.event, "event"), screen: screen, rows: rows,
                location: files.position(decl.location))
        }
        // `everywhere:` cells first, then each screen's, in source order.
        var cells = document.everywhere.map { cell($0, screen: nil) }
        for (s, screen) in document.screens.enumerated() where screenIndex[screen.name.value] == s {
            cells += screen.cells.map { cell($0, screen: s) }
        }
        cells += defaultCells(document, screenIndex: screenIndex, eventIndex: eventIndex, files: files)
        let invariants = document.invariants.map { invariant in
            PolicyContent.Invariant(
                id: invariant.id.value, kind: invariant.kind.value, text: invariant.text,
                presets: invariant.presets.map(\.value), layer: invariant.layer?.value,
                exceptions: invariant.exceptions.map { .init(event: $0.event.value, reason: $0.reason.value) },
                location: files.position(invariant.location))
        }
        let budgets = document.budgets.map { budget -> PolicyContent.Budget in
            let scope: PolicyContent.Budget.Scope =
                switch budget.scope {
                case .eachScreen: .eachScreen
                case .screen(let name): .screen(name.value)
                case .layer(let layer): .layer(layer.value)
                case .events(let names): .events(names.map(\.value))
                }
            return PolicyContent.Budget(
                id: budget.id.value, scope: scope, max: budget.max.value, window: budget.window.value,
                exceptions: budget.exceptions.map(\.event.value), enforced: budget.isEnforced,
                location: files.position(budget.location))
        }
        var content = PolicyContent(
            name: document.name.value, source: PathText.baseName(document.file), description: document.description,
            warmup: document.engine.warmup.value, hapticsOnly: document.engine.hapticsOnly.value,
            location: files.position(document.location), screens: screens, events: events, feedback: feedback,
            bands: bands, cells: cells, invariants: invariants, budgets: budgets,
            layers: document.layers.isEmpty
                ? nil
                : document.layers.map {
                    PolicyContent.LayerInfo(
                        name: $0.layer, plays: $0.plays?.value, note: $0.note, location: files.position($0.location))
                },
            parameters: document.parameters.isEmpty
                ? nil
                : document.parameters.map {
                    PolicyContent.Parameter(
                        name: $0.name.value, setBy: $0.setBy.value, min: $0.min.value, max: $0.max.value,
                        defaultValue: $0.defaultValue.value, unit: $0.unit, note: $0.note,
                        location: files.position($0.location))
                },
            userLevels: document.userLevels.map { userLevels($0, files: files) })
        content.files = document.included.map { $0.map(\.relative) }
        content.background = background(document.background, files: files)
        content.decide = PolicyLowering.lower(content)
        return content
    }

    /// The compiled background: nil for none, or when it keeps nothing (`keeps: none`,
    /// the behaviour without it, so such a policy compiles to the same content).
    static func background(_ decl: BackgroundDecl?, files: SourceFiles) -> PolicyContent.Background? {
        guard let decl else { return nil }
        let keeps = keeps(decl.keeps)
        guard !keeps.keepsNothing else { return nil }
        return PolicyContent.Background(keeps: keeps, note: decl.note, location: files.position(decl.location))
    }

    /// A `keeps:` as content: names as they are, layers as layers.
    static func keeps(_ keeps: UserLevelsDecl.Keeps) -> PolicyContent.UserLevels.Keeps {
        switch keeps {
        case .all: .init(all: true)
        case .none: .init(all: false)
        case .some(let feedback, let layers, let rows):
            .init(
                all: false, feedback: feedback.map(\.value), layers: layers.map { Layer($0.value) },
                rows: rows.map(\.value))
        }
    }

    /// The compiled user levels: what each level keeps, by name.
    static func userLevels(_ decl: UserLevelsDecl, files: SourceFiles) -> PolicyContent.UserLevels {
        PolicyContent.UserLevels(
            setBy: decl.setBy.value, start: decl.start.value,
            levels: decl.levels.map { level in
                PolicyContent.UserLevels.Level(
                    name: level.name.value, keeps: keeps(level.keeps), note: level.note,
                    location: files.position(level.name.location))
            }, location: files.position(decl.location))
    }

    /// The plan of one feedback: its body, and for a pattern, the fallback resolved to
    /// presets with their intensities.
    static func plan(
        _ decl: FeedbackDecl, in document: PolicyDocument, platforms: [Platform: FeedbackPlan] = [:]
    ) -> FeedbackPlan {
        func preset(_ target: Located<String>) -> (Preset, Double?) {
            if let preset = Preset(rawValue: target.value) { return (preset, nil) }
            for feedback in document.feedback where feedback.name.value == target.value {
                if case .preset(let preset, let intensity) = feedback.body { return (preset.value, intensity?.value) }
            }
            preconditionFailure("validated fallback '\(target.value)' at \(target.location) is not a preset")
        }
        let body: FeedbackPlan.Body
        var fallback: FeedbackPlan.Fallback?
        switch decl.body {
        case .preset(let preset, let intensity):
            body = .preset(preset.value, intensity: intensity?.value)
        case .pattern(let pattern):
            body = .pattern(PatternTemplate(pattern, files: SourceFiles(document)))
            switch decl.fallback {
            case nil: fallback = nil
            case .none?: fallback = FeedbackPlan.Fallback.none
            case .target(let target)?:
                let (p, intensity) = preset(target)
                fallback = .preset(.init(at: .number(0), name: target.value, preset: p, intensity: intensity))
            case .sequence(let steps, _)?:
                fallback = .sequence(
                    steps.map { step in
                        let (p, intensity) = preset(step.target)
                        return .init(at: step.at.value, name: step.target.value, preset: p, intensity: intensity)
                    })
            }
        }
        return FeedbackPlan(
            name: decl.name.value, layer: decl.layer.value, body: body, fallback: fallback, note: decl.note,
            location: SourceFiles(document).position(decl.name.location), platforms: platforms,
            priority: decl.priority?.value ?? .normal)
    }

    /// A `with:` argument as the content stores it (`number` nil: the event's value).
    static func argument(_ argument: TemplateArgument) -> PolicyContent.Row.Argument {
        switch argument.source.value {
        case .eventValue: .init(name: argument.name.value, number: nil)
        case .number(let number): .init(name: argument.name.value, number: number)
        }
    }

    /// A condition on a data field as the content stores it.
    static func dataTest(_ test: DataTestDecl) -> PolicyContent.DataTest {
        PolicyContent.DataTest(
            field: test.name.value, value: test.value?.value, range: test.range?.range,
            oneOf: test.oneOf?.map(\.value))
    }

    /// The compiled payload of an event that declares one (`value: {type: ...}` or `params:`).
    static func payload(of event: EventDecl) -> PolicyContent.Payload? {
        guard event.payload != nil || event.params != nil || event.data != nil else { return nil }
        func field(_ name: String, _ decl: PayloadDecl) -> PolicyContent.Payload.Field {
            PolicyContent.Payload.Field(
                name: name, kind: decl.kind.value, min: decl.min?.value, max: decl.max?.value,
                oneOf: decl.oneOf?.map(\.value), required: decl.isRequired, location: SourcePosition(decl.location))
        }
        return PolicyContent.Payload(
            value: event.payload.map { field("value", $0) },
            params: event.params?.map { field($0.name.value, $0.payload) },
            data: event.data?.map { field($0.name.value, $0.payload) })
    }

    /// Names to their first position; equal when their code points are (`NameKey`).
    private static func firstIndex(_ names: [String]) -> NameTable<Int> {
        NameTable(firsts: names.enumerated().map { ($1, $0) })
    }
}

/// Which file of the policy a location is in, as `SourcePosition.file` numbers them: 0 for
/// the main file, `n` for the `n`th included one.
struct SourceFiles {
    private let index: [String: Int]

    /// The files of `document`.
    init(_ document: PolicyDocument) {
        var index: [String: Int] = [:]
        for (offset, file) in (document.included ?? []).enumerated() where index[file.path] == nil {
            index[file.path] = offset + 1
        }
        self.index = index
    }

    /// One file only: every location is in the main file.
    static let single = SourceFiles()

    private init() { index = [:] }

    /// The position of `location`, in the file it names.
    func position(_ location: SourceLocation) -> SourcePosition {
        SourcePosition(line: location.line, column: location.column, file: index[location.file] ?? 0)
    }
}

extension PatternTemplate {
    /// The template of a declared pattern; `files` numbers the files of its positions.
    init(_ decl: PatternDecl, files: SourceFiles = .single) {
        self.init(
            parameters: decl.parameters.map {
                Parameter(
                    name: $0.name.value, defaultValue: $0.defaultValue.value, minimum: $0.minimum?.value,
                    maximum: $0.maximum?.value, unit: $0.unit, location: files.position($0.name.location))
            },
            events: decl.events.map { event in
                Event(
                    kind: event.kind.value, time: event.time.value, duration: event.duration?.value,
                    intensity: event.intensity?.value, sharpness: event.sharpness?.value,
                    curves: event.curves.map { curve in
                        Curve(
                            parameter: curve.parameter.value,
                            points: curve.points.map { Point(time: $0.time.value, value: $0.value.value) })
                    },
                    sound: event.sound?.value, volume: event.volume?.value, pitch: event.pitch?.value,
                    note: event.note, location: files.position(event.location))
            },
            loop: decl.loop?.value, location: files.position(decl.location))
    }
}

extension PatternDecl {
    /// Instantiates the declared pattern (see `PatternTemplate.resolve`).
    package func resolve(_ values: [String: Double] = [:]) throws(PatternResolutionError) -> ResolvedPattern {
        try PatternTemplate(self).resolve(values, in: location.file)
    }
}

extension Policy {
    /// Validates and compiles a document; throws its errors (with the warnings found
    /// beside them) when the validator refuses it.
    public convenience init(compiling document: PolicyDocument) throws(PolicyCompileError) {
        let outcome = PolicyValidator.check(document)
        guard let validated = outcome.validated else {
            throw PolicyCompileError(diagnostics: outcome.diagnostics.filter { $0.severity == .error })
        }
        self.init(validated: validated)
    }

    /// The one way from a validated document to a policy, which `PolicyCompiler.compile`,
    /// `Policy(compiling:)` and `PolicyStore.reload(_:)` all take: the compiler's content,
    /// indexed, with the hash of its bundle bytes.
    convenience init(validated: ValidatedPolicy) {
        let content = PolicyCompiler.content(of: validated.document)
        self.init(content: content, file: validated.document.file, hash: PolicyBundle.hash(of: content))
    }
}
