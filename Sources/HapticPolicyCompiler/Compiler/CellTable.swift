import HapticPolicy

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
    /// The table a document's names describe, for the compiler and the validator: screens
    /// and catalogue events by their first declaration (a repeated name is the validator's
    /// finding; its later declarations decide nothing and nothing occurs on them), cells by the
    /// names they give (`everywhere:` cells first, then each screen's in source order, as
    /// `cells` lists them), a cell naming an undeclared event or screen left out. A built-in
    /// state event or a setting event declared in the catalogue occurs nowhere here: the
    /// session decides it as state, never by the table.
    package init(_ document: PolicyDocument) {
        let screenIndex = NameTable(firsts: document.screens.enumerated().map { ($1.name.value, $0) })
        let eventIndex = NameTable(firsts: document.events.enumerated().map { ($1.name.value, $0) })
        let settings = Set(
            (document.parameters.map(\.setBy.value) + [document.userLevels?.setBy.value].compactMap { $0 })
                .map(NameKey.init))
        let eventScreens = document.events.enumerated().map { index, event -> [Int]? in
            guard eventIndex[event.name.value] == index, !settings.contains(NameKey(event.name.value)),
                !ValidationContext.isStateEvent(event.name.value)
            else { return [] }
            guard case .only(let names) = event.screens else { return nil }
            return names.compactMap { screenIndex[$0.value] }
        }
        self.init(
            screenCount: document.screens.count, eventScreens: eventScreens,
            cells: Self.cells(of: document).map { ($0.screen, $0.event) },
            live: document.screens.indices.map { screenIndex[document.screens[$0].name.value] == $0 })
    }

    /// The written cells of `document` whose names resolve, in the order `init(_:)` indexes
    /// them: each with its screen (nil for `everywhere:`), its event and the declaration.
    package static func cells(of document: PolicyDocument) -> [(screen: Int?, event: Int, decl: CellDecl)] {
        let screenIndex = NameTable(firsts: document.screens.enumerated().map { ($1.name.value, $0) })
        let eventIndex = NameTable(firsts: document.events.enumerated().map { ($1.name.value, $0) })
        var cells: [(screen: Int?, event: Int, decl: CellDecl)] = []
        for cell in document.everywhere {
            if let e = eventIndex[cell.event.value] { cells.append((nil, e, cell)) }
        }
        for screen in document.screens {
            guard let s = screenIndex[screen.name.value] else { continue }
            for cell in screen.cells {
                if let e = eventIndex[cell.event.value] { cells.append((s, e, cell)) }
            }
        }
        return cells
    }
}
