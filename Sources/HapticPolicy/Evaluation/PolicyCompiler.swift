/// Turns a `PolicyDocument` into the dense tables of `Policy`, collecting a located
/// diagnostic for every name it cannot resolve (codes `HP9xx`, compile stage).
struct PolicyCompiler {
    struct Output {
        var screenNames: [String] = []
        var eventNames: [String] = []
        var subjectNames: [String] = []
        var screenIndex: [String: Int] = [:]
        var eventIndex: [String: Int] = [:]
        var subjectIndex: [String: Int] = [:]
        var eventLayers: [Layer?] = []
        var table: [Int32] = []
        var cells: [CompiledCell] = []
        var feedback: [CompiledFeedback] = []
        var bands: [CompiledBand] = []
        var bandSlotCount = 0
        var bandSlots: [(event: Int, band: Int)] = []
        var screenEnter: [DirectiveSet] = []
        var screenRules: [Decision.Rule] = []
        var speechRule: Decision.Rule?
        var speechExempt: [Bool] = []
        var invariants: [String: (text: String?, location: SourceLocation)] = [:]
    }

    let document: PolicyDocument
    /// The validator's findings on `document` when the caller already has them; nil to
    /// validate here.
    let validation: [Diagnostic]?
    private(set) var diagnostics: [Diagnostic] = []
    private var out = Output()
    private var feedbackIndex: [String: Int] = [:]
    private var bandIndex: [String: Int] = [:]
    private var bandSlots: [[Int]: Int] = [:]

    init(_ document: PolicyDocument, validation: [Diagnostic]? = nil) {
        self.document = document
        self.validation = validation
    }

    private mutating func error(_ code: String, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(code: code, severity: .error, message: message, at: location))
    }

    mutating func compile() -> Output? {
        // The semantic checks first: only errors refuse the document (warnings are the
        // linter's business); the compiler's own HP9xx checks then guard what it relies on.
        // A caller that validated already (`PolicyStore.reload`) passes its findings in, so
        // the document is validated once.
        diagnostics += (validation ?? PolicyValidator.validate(document)).filter { $0.severity == .error }
        if !diagnostics.isEmpty { return nil }
        internScreens()
        internEvents()
        compileInvariants()
        compileFeedback()
        compileBands()
        internSubjects()
        compileTable()
        if diagnostics.contains(where: { $0.severity == .error }) { return nil }
        return out
    }

    private mutating func internScreens() {
        for screen in document.screens {
            let name = screen.name.value
            if out.screenIndex[name] != nil {
                error("HP901", "screen '\(name)' is declared twice; merge the two tables", at: screen.name.location)
                continue
            }
            out.screenIndex[name] = out.screenNames.count
            out.screenNames.append(name)
            var enter: DirectiveSet = []
            for directive in screen.onEnter { enter.insert(DirectiveSet(directive.value)) }
            out.screenEnter.append(enter)
            out.screenRules.append(Decision.Rule(id: "screens/" + name, location: screen.location))
        }
    }

    private mutating func internEvents() {
        for state in StateEvent.allCases {
            out.eventIndex[state.rawValue] = out.eventNames.count
            out.eventNames.append(state.rawValue)
            out.eventLayers.append(nil)
        }
        for event in document.events {
            let name = event.name.value
            if out.eventIndex[name] != nil {
                let what = StateEvent(rawValue: name) != nil ? "is a built-in state event; remove it from the catalogue" : "is declared twice; keep one declaration"
                error("HP902", "event '\(name)' \(what)", at: event.name.location)
                continue
            }
            out.eventIndex[name] = out.eventNames.count
            out.eventNames.append(name)
            out.eventLayers.append(event.layer.value)
        }
    }

    private mutating func compileInvariants() {
        out.speechExempt = Array(repeating: false, count: out.eventNames.count)
        for invariant in document.invariants {
            out.invariants[invariant.id.value] = (invariant.text, invariant.location)
            guard invariant.kind.value == .creatureNeedsSpeech else { continue }
            out.speechRule = Decision.Rule(id: invariant.id.value, location: invariant.location)
            for exception in invariant.exceptions {
                if let index = out.eventIndex[exception.event.value] { out.speechExempt[index] = true }
            }
        }
    }

    private func render(of decl: FeedbackDecl) -> Render {
        switch decl.body {
        case .preset(let preset, _): .preset(preset.value)
        case .pattern: .pattern(decl.name.value)
        }
    }

    /// A fallback target: a preset id, or a feedback that is itself a preset.
    private mutating func presetTarget(_ target: Located<String>, of owner: String) -> Render? {
        if let preset = Preset(rawValue: target.value) { return .preset(preset) }
        if let index = feedbackIndex[target.value] {
            if case .preset(let preset, _) = document.feedback[index].body { return .preset(preset.value) }
            error("HP904", "fallback '\(target.value)' of '\(owner)' is a pattern; fall back to a preset or a preset feedback", at: target.location)
            return nil
        }
        error("HP903", "unknown fallback '\(target.value)' for '\(owner)'; name a preset id or a preset feedback", at: target.location)
        return nil
    }

    private mutating func compileFeedback() {
        for (index, decl) in document.feedback.enumerated() {
            if feedbackIndex[decl.name.value] != nil {
                error("HP905", "feedback '\(decl.name.value)' is declared twice; keep one", at: decl.name.location)
            }
            feedbackIndex[decl.name.value] = index
        }
        for decl in document.feedback {
            var isPattern = false
            var loop: Expression?
            var parameters: [CompiledFeedback.Parameter] = []
            var fallback: Render?
            if case .pattern(let pattern) = decl.body {
                isPattern = true
                loop = pattern.loop?.value
                parameters = pattern.parameters.map {
                    .init(name: $0.name.value, defaultValue: $0.defaultValue.value,
                          minimum: $0.minimum?.value, maximum: $0.maximum?.value)
                }
                switch decl.fallback {
                case nil, .none?: break
                case .target(let target)?: fallback = presetTarget(target, of: decl.name.value)
                case .sequence(let steps, _)?:
                    for step in steps { _ = presetTarget(step.target, of: decl.name.value) }
                    fallback = .sequence(decl.name.value)
                }
            }
            let compiled = CompiledFeedback(
                name: decl.name.value, layer: decl.layer.value, render: render(of: decl), isPattern: isPattern,
                fallback: fallback, loop: loop, parameters: parameters, location: decl.location)
            out.feedback.append(compiled)
        }
    }

    private mutating func compileBands() {
        for decl in document.bands {
            bandIndex[decl.name.value] = out.bands.count
            var edges: [Double] = []
            var levels: [CompiledBand.Level] = []
            for (position, level) in decl.levels.enumerated() {
                if position < decl.levels.count - 1 {
                    guard let below = level.below else {
                        error("HP906", "level '\(level.name.value)' of band '\(decl.name.value)' needs 'below:'; only the last level has no upper edge", at: level.location)
                        continue
                    }
                    if let last = edges.last, below.value <= last {
                        error("HP907", "edge \(numberText(below.value)) of level '\(level.name.value)' must be above \(numberText(last)); list levels from lowest to highest", at: below.location)
                    }
                    edges.append(below.value)
                }
                var play: Int?
                if let name = level.play {
                    play = feedbackIndex[name.value]
                    if play == nil { error("HP908", "unknown feedback '\(name.value)' in band level '\(level.name.value)'; declare it under 'feedback:'", at: name.location) }
                }
                levels.append(.init(name: level.name.value, play: play, silent: level.silent?.value, location: level.location))
            }
            if levels.count < 2 {
                error("HP909", "band '\(decl.name.value)' needs at least two levels", at: decl.location)
            }
            out.bands.append(CompiledBand(name: decl.name.value, edges: edges, hysteresis: max(0, decl.hysteresis.value), levels: levels))
        }
    }

    private mutating func internSubjects() {
        for cell in document.everywhere + document.screens.flatMap(\.cells) {
            for row in cell.rows {
                guard let subject = row.condition?.subject?.value, out.subjectIndex[subject] == nil else { continue }
                out.subjectIndex[subject] = out.subjectNames.count
                out.subjectNames.append(subject)
            }
        }
    }

    private mutating func compileCell(_ decl: CellDecl, ruleBase: String, event: Int) -> CompiledCell {
        var rows: [CompiledRow] = []
        for (position, row) in decl.rows.enumerated() {
            let id = decl.rows.count > 1 ? "\(ruleBase)#\(position + 1)" : ruleBase
            let location = row.location == .unknown ? decl.location : row.location
            var action = CompiledRow.Action.none
            if let play = row.play {
                if let index = feedbackIndex[play.value] {
                    action = .play(index)
                } else {
                    error("HP910", "unknown feedback '\(play.value)'; declare it under 'feedback:'", at: play.location)
                }
            } else if let band = row.band {
                if let index = bandIndex[band.value] {
                    let key = [event, index]
                    let slot = bandSlots[key] ?? bandSlots.count
                    bandSlots[key] = slot
                    action = .band(band: index, slot: slot)
                } else {
                    error("HP911", "unknown band '\(band.value)'; declare it under 'bands:'", at: band.location)
                }
            } else if let silent = row.silent {
                action = .silent(silent.value)
            } else if let stop = row.stop {
                if stop.value == "all" {
                    action = .stop(nil)
                } else if let index = feedbackIndex[stop.value] {
                    action = .stop(index)
                } else {
                    error("HP912", "unknown feedback '\(stop.value)' to stop; name a looping feedback or 'all'", at: stop.location)
                }
            }
            var directives: DirectiveSet = []
            for directive in row.directives { directives.insert(DirectiveSet(directive.value)) }
            var levelRules: [Decision.Rule] = []
            if case .band(let b, _) = action {
                levelRules = out.bands[b].levels.map {
                    Decision.Rule(id: id + "@" + $0.name, location: $0.location, cites: row.cites.map(\.value))
                }
            }
            rows.append(CompiledRow(
                speaks: row.condition?.speaks?.value, value: row.condition?.value?.value,
                subject: row.condition?.subject.flatMap { out.subjectIndex[$0.value] }.map(SubjectID.init(rawValue:)),
                action: action, ticker: row.ticker?.value, directives: directives,
                rule: Decision.Rule(id: id, location: location, cites: row.cites.map(\.value)),
                levelRules: levelRules, note: row.note))
        }
        return CompiledCell(rows: rows)
    }

    private mutating func compileTable() {
        let screenCount = out.screenNames.count
        let eventCount = out.eventNames.count
        out.table = Array(repeating: Policy.offScreen, count: screenCount * eventCount)
        // Where each catalogue event may occur.
        for event in document.events {
            guard let e = out.eventIndex[event.name.value] else { continue }
            switch event.screens {
            case .all:
                for s in 0..<screenCount { out.table[s * eventCount + e] = Policy.undeclaredHere }
            case .only(let names):
                for name in names {
                    if let s = out.screenIndex[name.value] {
                        out.table[s * eventCount + e] = Policy.undeclaredHere
                    } else {
                        error("HP913", "event '\(event.name.value)' occurs on unknown screen '\(name.value)'; declare the screen under 'screens:'", at: name.location)
                    }
                }
            }
        }
        // `everywhere:` cells fill every screen where the event can occur...
        for decl in document.everywhere {
            guard let e = catalogueEvent(decl) else { continue }
            let index = Int32(out.cells.count)
            out.cells.append(compileCell(decl, ruleBase: "everywhere/" + decl.event.value, event: e))
            for s in 0..<screenCount where out.table[s * eventCount + e] == Policy.undeclaredHere {
                out.table[s * eventCount + e] = index
            }
        }
        // ...unless the screen's own table decides the event.
        for screen in document.screens {
            guard let s = out.screenIndex[screen.name.value] else { continue }
            for decl in screen.cells {
                guard let e = catalogueEvent(decl) else { continue }
                out.table[s * eventCount + e] = Int32(out.cells.count)
                out.cells.append(compileCell(decl, ruleBase: screen.name.value + "/" + decl.event.value, event: e))
            }
        }
        out.bandSlotCount = bandSlots.count
        out.bandSlots = Array(repeating: (0, 0), count: bandSlots.count)
        for (key, slot) in bandSlots { out.bandSlots[slot] = (key[0], key[1]) }
    }

    private mutating func catalogueEvent(_ decl: CellDecl) -> Int? {
        guard let e = out.eventIndex[decl.event.value] else {
            error("HP914", "unknown event '\(decl.event.value)' in a table; declare it under 'events:'", at: decl.event.location)
            return nil
        }
        if out.eventLayers[e] == nil {
            error("HP915", "'\(decl.event.value)' is a built-in state event and cannot have a table cell; use the screen's 'enter:' list", at: decl.event.location)
            return nil
        }
        return e
    }
}
