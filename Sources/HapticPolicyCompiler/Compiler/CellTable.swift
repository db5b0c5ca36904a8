import HapticPolicy
import HapticPolicyDocument

/// Which cell decides each event on each screen: the one definition of the decision
/// table's fill. A screen's own cell decides the event there; an `everywhere:` cell fills
/// every screen where the event can occur and no screen cell decides it; what is left is
/// undecided, which a screen's `otherwise:` then decides.
///
/// The lowering writes it as `decide.table` (from compiled content, by event id); the
/// compiler makes the `otherwise:` cells from what it leaves undecided, and the validator
/// reads from the same table what nothing decides (HP301), what a default decides (HP342)
/// and which screens an `everywhere:` cell decides (HP343), so the three never disagree.
package struct CellTable {
    /// The event cannot occur on the screen.
    package static let notOnScreen = -2
    /// The event can occur on the screen and no cell decides it.
    package static let undecided = -1

    /// The number of screens.
    package let screenCount: Int
    /// The number of events.
    package let eventCount: Int
    /// By event: the screens it can occur on, or nil for every screen that `live` keeps.
    private let occurs: [Set<Int>?]
    /// By screen: whether events can occur on it at all (false for a screen declared again).
    private let live: [Bool]
    /// By event: the screen cells deciding it, by screen.
    private var screenCells: [[Int: Int]]
    /// By event: the `everywhere:` cell deciding it where no screen cell does.
    private var everywhere: [Int?]

    /// The table of `cells` (by cell index: its screen, nil for `everywhere:`, and its
    /// event) over events that can occur on `eventScreens[event]` (nil: every screen
    /// `live` keeps; `live` nil: every screen). A screen cell decides its screen even where
    /// the event cannot occur (the validator reports that cell, HP304); of two screen cells
    /// for one screen and event the later stands, of two `everywhere:` cells the first
    /// (the validator reports the second of either).
    package init(screenCount: Int, eventScreens: [[Int]?], cells: [(screen: Int?, event: Int)], live: [Bool]? = nil) {
        self.screenCount = screenCount
        eventCount = eventScreens.count
        occurs = eventScreens.map { $0.map(Set.init) }
        self.live = live ?? Array(repeating: true, count: screenCount)
        screenCells = Array(repeating: [:], count: eventCount)
        everywhere = Array(repeating: nil, count: eventCount)
        for (index, cell) in cells.enumerated() {
            if let s = cell.screen {
                screenCells[cell.event][s] = index
            } else if everywhere[cell.event] == nil {
                everywhere[cell.event] = index
            }
        }
    }

    /// Whether `event` can occur on `screen`.
    package func occurs(_ event: Int, on screen: Int) -> Bool {
        live[screen] && occurs[event].map { $0.contains(screen) } ?? true
    }

    /// The entry of `event` on `screen`: the deciding cell, `undecided` or `notOnScreen`.
    package subscript(screen screen: Int, event event: Int) -> Int {
        if let cell = screenCells[event][screen] { return cell }
        guard occurs(event, on: screen) else { return Self.notOnScreen }
        return everywhere[event] ?? Self.undecided
    }

    /// Every entry, by `screen * eventCount + event`: `decide.table`.
    package var entries: [Int] {
        var entries = Array(repeating: Self.notOnScreen, count: screenCount * eventCount)
        for s in 0..<screenCount {
            for e in 0..<eventCount { entries[s * eventCount + e] = self[screen: s, event: e] }
        }
        return entries
    }

    /// The events (ascending) that can occur on `screen` and that no cell decides there.
    package func undecided(on screen: Int) -> [Int] {
        (0..<eventCount).filter { self[screen: screen, event: $0] == Self.undecided }
    }

    /// The screens where nothing decides `event` but `skipping` (screens with
    /// `otherwise:`) aside: how many, and the first `limit` of them in screen order.
    /// Linear in the screens only while it looks for the first ones.
    package func undecidedScreens(of event: Int, skipping: Set<Int>, limit: Int) -> (count: Int, first: [Int]) {
        guard everywhere[event] == nil else { return (0, []) }
        let cells = screenCells[event]
        let candidates: Int
        if let screens = occurs[event] {
            candidates = screens.filter { live[$0] && cells[$0] == nil && !skipping.contains($0) }.count
        } else {
            let decided = cells.keys.filter { live[$0] && !skipping.contains($0) }.count
            candidates = live.count { $0 } - skipping.count { live[$0] } - decided
        }
        guard candidates > 0 else { return (0, []) }
        var first: [Int] = []
        for s in 0..<screenCount where !skipping.contains(s) && self[screen: s, event: event] == Self.undecided {
            first.append(s)
            if first.count == limit { break }
        }
        return (candidates, first)
    }

    /// The screens (ascending) where `cell`, a cell of `event`, decides.
    package func screens(decidedBy cell: Int, event: Int) -> [Int] {
        (0..<screenCount).filter { self[screen: $0, event: event] == cell }
    }
}

extension CellTable {
    /// A document's screens and catalogue events by name, to their first declaration's
    /// index (a repeated name is the validator's finding; its later declarations decide
    /// nothing): what the table and its cells are indexed by, built once and shared by
    /// the table, its cells and the validator's context.
    package struct Names {
        /// Screens by name.
        package let screens: NameTable<Int>
        /// Catalogue events by name.
        package let events: NameTable<Int>

        /// The names of `document`.
        package init(_ document: PolicyDocument) {
            screens = NameTable(firsts: document.screens.enumerated().map { ($1.name.value, $0) })
            events = NameTable(firsts: document.events.enumerated().map { ($1.name.value, $0) })
        }
    }

    /// The table a document's names describe, for the compiler and the validator.
    package init(_ document: PolicyDocument) {
        let names = Names(document)
        self.init(document, names: names, cells: Self.cells(of: document, names: names))
    }

    /// The table a document's names describe: screens and catalogue events by their first
    /// declaration (`names`; nothing occurs on a later declaration), the `cells` of
    /// `cells(of:names:)`. A built-in state event or a setting event declared in the
    /// catalogue occurs nowhere here: the session decides it as state, never by the table.
    package init(_ document: PolicyDocument, names: Names, cells: [(screen: Int?, event: Int, decl: CellDecl)]) {
        let settings = Set(
            (document.parameters.map(\.setBy.value) + [document.userLevels?.setBy.value].compactMap { $0 })
                .map(NameKey.init))
        let eventScreens = document.events.enumerated().map { index, event -> [Int]? in
            guard names.events[event.name.value] == index, !settings.contains(NameKey(event.name.value)),
                !ValidationContext.isStateEvent(event.name.value)
            else { return [] }
            guard case .only(let screens) = event.screens else { return nil }
            return screens.compactMap { names.screens[$0.value] }
        }
        self.init(
            screenCount: document.screens.count, eventScreens: eventScreens,
            cells: cells.map { ($0.screen, $0.event) },
            live: document.screens.indices.map { names.screens[document.screens[$0].name.value] == $0 })
    }

    /// The written cells of `document` whose names resolve (by `names`), in the order the
    /// table indexes them (`everywhere:` cells first, then each screen's in source order):
    /// each with its screen (nil for `everywhere:`), its event and the declaration. A cell
    /// naming an undeclared event or screen is left out.
    package static func cells(
        of document: PolicyDocument, names: Names
    ) -> [(screen: Int?, event: Int, decl: CellDecl)] {
        var cells: [(screen: Int?, event: Int, decl: CellDecl)] = []
        for cell in document.everywhere {
            if let e = names.events[cell.event.value] { cells.append((nil, e, cell)) }
        }
        for screen in document.screens {
            guard let s = names.screens[screen.name.value] else { continue }
            for cell in screen.cells {
                if let e = names.events[cell.event.value] { cells.append((s, e, cell)) }
            }
        }
        return cells
    }
}
