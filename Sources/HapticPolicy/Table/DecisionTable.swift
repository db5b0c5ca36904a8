/// The "don't ring here" table of a policy: every screen × event that can occur there,
/// with what it decides, in which layer, why, and which invariant it cites.
///
/// Built from the document alone (no evaluation), for `haptic-policy table` and reports.
public struct DecisionTable: Sendable, Hashable {
    /// Where a cell's rows come from.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// The screen's own `table:`.
        case screen
        /// The policy-wide `everywhere:` table.
        case everywhere
        /// Nothing decides this pair: a gap the linter reports.
        case gap
    }

    /// What a row does, in table words.
    public enum Action: String, Sendable, Hashable, Codable {
        /// Plays a feedback.
        case play
        /// Plays the band's feedback when the value changes band.
        case band
        /// Stays silent on purpose.
        case silent
        /// Stops a running loop.
        case stop
        /// Only runs directives (ticker begin/end, prepare).
        case directive
    }

    /// One row of a cell.
    public struct Row: Sendable, Hashable {
        /// The row's condition as written (`speaks = true, value = "confirmed"`), or nil.
        public var condition: String?
        /// What the row does.
        public var action: Action
        /// The feedback (or band) named by the row.
        public var target: String?
        /// The layer of what plays (the event's layer for silences).
        public var layer: Layer?
        /// The designer's reason for a silence.
        public var reason: String?
        /// Cited invariant ids.
        public var cites: [String]
        /// Directives the row adds (`prepare-ticker`, `prepare-engine`, ...).
        public var directives: [String]
        /// The designer's note.
        public var note: String?
        /// Where the row is written.
        public var location: SourceLocation
    }

    /// One screen × event cell.
    public struct Cell: Sendable, Hashable {
        /// The event.
        public var event: String
        /// The event's layer, when the event is declared.
        public var eventLayer: Layer?
        /// Where the rows come from.
        public var origin: Origin
        /// The rows, first match wins; empty for a gap.
        public var rows: [Row]
    }

    /// One screen's part of the table.
    public struct Screen: Sendable, Hashable {
        /// The screen name.
        public var name: String
        /// Directives run on entering the screen.
        public var onEnter: [String]
        /// The designer's note.
        public var note: String?
        /// Cells in catalogue order of the events.
        public var cells: [Cell]
    }

    /// Screens in source order.
    public var screens: [Screen]
    /// Invariant id → the designer's statement, for citing.
    public var invariants: [String: String]

    /// Builds the table of a document.
    public init(_ document: PolicyDocument) {
        let feedbackLayer = Dictionary(
            document.feedback.map { ($0.name.value, $0.layer.value) }, uniquingKeysWith: { first, _ in first })
        let bandLayer: [String: Layer] = Dictionary(
            document.bands.map { band in
                (band.name.value, band.levels.lazy.compactMap { $0.play.flatMap { feedbackLayer[$0.value] } }.first)
            }, uniquingKeysWith: { first, _ in first }
        ).compactMapValues { $0 }
        let everywhere = Dictionary(
            document.everywhere.map { ($0.event.value, $0) }, uniquingKeysWith: { first, _ in first })
        var invariants: [String: String] = [:]
        for invariant in document.invariants where invariants[invariant.id.value] == nil {
            invariants[invariant.id.value] = invariant.text ?? invariant.kind.value.rawValue
        }
        self.invariants = invariants

        func row(_ row: RowDecl, eventLayer: Layer?) -> Row {
            var directives = row.directives.map(\.value.rawValue)
            switch row.ticker?.value {
            case .begin: directives.insert(Directive.prepareTicker.rawValue, at: 0)
            case .tick: directives.insert(Directive.prepareTicker.rawValue, at: 0)
            case .end: directives.insert(Directive.releaseTicker.rawValue, at: 0)
            case nil: break
            }
            let action: Action
            let target: String?
            let layer: Layer?
            if let play = row.play {
                (action, target, layer) = (.play, play.value, feedbackLayer[play.value])
            } else if let band = row.band {
                (action, target, layer) = (.band, band.value, bandLayer[band.value])
            } else if row.silent != nil {
                (action, target, layer) = (.silent, nil, eventLayer)
            } else if let stop = row.stop {
                (action, target, layer) = (.stop, stop.value, feedbackLayer[stop.value])
                directives.append(Directive.stopLoop.rawValue)
            } else {
                (action, target, layer) = (.directive, nil, eventLayer)
            }
            return Row(
                condition: row.condition.map(Self.describe), action: action, target: target, layer: layer,
                reason: row.silent?.value, cites: row.cites.map(\.value), directives: directives,
                note: row.note, location: row.location)
        }

        screens = document.screens.map { screen in
            let own = Dictionary(screen.cells.map { ($0.event.value, $0) }, uniquingKeysWith: { first, _ in first })
            var cells: [Cell] = []
            var seen: Set<String> = []
            for event in document.events {
                let occursHere: Bool
                switch event.screens {
                case .all: occursHere = true
                case .only(let names): occursHere = names.contains { $0.value == screen.name.value }
                }
                let name = event.name.value
                guard occursHere || own[name] != nil, seen.insert(name).inserted else { continue }
                let layer = event.layer.value
                if let cell = own[name] {
                    cells.append(Cell(event: name, eventLayer: layer, origin: .screen, rows: cell.rows.map { row($0, eventLayer: layer) }))
                } else if let cell = everywhere[name] {
                    cells.append(Cell(event: name, eventLayer: layer, origin: .everywhere, rows: cell.rows.map { row($0, eventLayer: layer) }))
                } else {
                    cells.append(Cell(event: name, eventLayer: layer, origin: .gap, rows: []))
                }
            }
            // Cells for events missing from the catalogue still show (the linter flags them).
            for cell in screen.cells where seen.insert(cell.event.value).inserted {
                cells.append(Cell(event: cell.event.value, eventLayer: nil, origin: .screen, rows: cell.rows.map { row($0, eventLayer: nil) }))
            }
            return Screen(
                name: screen.name.value, onEnter: screen.onEnter.map(\.value.rawValue), note: screen.note, cells: cells)
        }
    }

    private static func describe(_ condition: ConditionDecl) -> String {
        var parts: [String] = []
        if let speaks = condition.speaks { parts.append("speaks = \(speaks.value)") }
        if let value = condition.value { parts.append("value = \(value.value)") }
        if let subject = condition.subject { parts.append("subject = \"\(subject.value)\"") }
        return parts.joined(separator: ", ")
    }
}
