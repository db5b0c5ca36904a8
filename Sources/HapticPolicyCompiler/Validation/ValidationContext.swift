import HapticPolicy
import HapticPolicyDocument

/// What every check needs to look names up: the document with its declarations indexed by
/// name (the first declaration wins when a name repeats).
struct ValidationContext {
    let document: PolicyDocument
    // Names are equal when their code points are (`NameKey`), as in every runtime.
    let feedback: NameTable<FeedbackDecl>
    let bands: NameTable<BandDecl>
    let events: NameTable<EventDecl>
    let screens: NameTable<ScreenDecl>
    let invariants: NameTable<InvariantDecl>
    /// The screens each event lists in `screens:` (events with `screens: all` are absent).
    let listedScreens: NameTable<Set<NameKey>>
    /// The declared screens with a default (`otherwise:`), which decides every event left out.
    let defaultingScreens: Set<NameKey>
    /// Which written cell decides each catalogue event on each screen, as the compiler
    /// fills the table (by first declarations; `CellTable.init(_:names:cells:)`).
    let table: CellTable
    /// The written cells `table` indexes, in its order.
    let tableCells: [(screen: Int?, event: Int, decl: CellDecl)]
    /// The first declarations' indices of the screens with a default (`otherwise:`).
    let defaultingScreenIndices: Set<Int>
    /// Screens by name, to their first declaration's index.
    let screenIndex: NameTable<Int>
    /// Catalogue events by name, to their first declaration's index.
    let eventIndex: NameTable<Int>
    private let suggester = Suggester()

    init(_ document: PolicyDocument) {
        self.document = document
        feedback = Self.index(document.feedback) { $0.name.value }
        bands = Self.index(document.bands) { $0.name.value }
        events = Self.index(document.events) { $0.name.value }
        screens = Self.index(document.screens) { $0.name.value }
        invariants = Self.index(document.invariants) { $0.id.value }
        feedbackNames = document.feedback.map(\.name.value)
        bandNames = document.bands.map(\.name.value)
        eventNames = document.events.map(\.name.value)
        settingEvents = ParameterChecks.settingEvents(document)
        screenNames = document.screens.map(\.name.value)
        invariantIDs = document.invariants.map(\.id.value)
        var listed = NameTable<Set<NameKey>>()
        for event in document.events where listed[event.name.value] == nil {
            if case .only(let names) = event.screens { listed[event.name.value] = Set(names.map { NameKey($0.value) }) }
        }
        listedScreens = listed
        defaultingScreens = Set(document.screens.filter { $0.otherwise != nil }.map { NameKey($0.name.value) })
        // The name tables once, for the table, its cells and the checks.
        let names = CellTable.Names(document)
        screenIndex = names.screens
        eventIndex = names.events
        tableCells = CellTable.cells(of: document, names: names)
        table = CellTable(document, names: names, cells: tableCells)
        defaultingScreenIndices = Set(
            document.screens.enumerated().compactMap { [screenIndex] index, screen in
                screen.otherwise != nil && screenIndex[screen.name.value] == index ? index : nil
            })
    }

    /// "; did you mean 'x'?" for a near miss (memoised and budgeted, see `Suggester`).
    func didYouMean(_ name: String, among candidates: @autoclosure () -> [String]) -> String {
        suggester.didYouMean(name, among: candidates)
    }

    private static func index<T>(_ items: [T], by key: (T) -> String) -> NameTable<T> {
        NameTable(firsts: items.map { (key($0), $0) })
    }

    let feedbackNames: [String]
    let bandNames: [String]
    let eventNames: [String]
    /// The setting events (each parameter's `set-by:`, the user levels'), by name.
    let settingEvents: NameTable<ParameterChecks.Setter>
    let screenNames: [String]
    let invariantIDs: [String]

    /// Declared screens the event can occur on (all screens, or the listed ones in list order).
    func screens(of event: EventDecl) -> [ScreenDecl] {
        switch event.screens {
        case .all:
            return document.screens
        case .only(let names):
            var seen = Set<NameKey>()
            return names.compactMap { name in seen.insert(NameKey(name.value)).inserted ? screens[name.value] : nil }
        }
    }

    /// Whether the event can occur on the named screen.
    func event(_ event: EventDecl, canOccurOn screen: String) -> Bool {
        switch event.screens {
        case .all: true
        case .only(let names):
            listedScreens[event.name.value]?.contains(NameKey(screen))
                ?? names.contains { NameKey.same($0.value, screen) }
        }
    }

    /// The declared invariants of one rule.
    func invariants(_ kind: InvariantDecl.Kind) -> [InvariantDecl] {
        document.invariants.filter { $0.kind.value == kind }
    }

    /// Every cell with the screen it belongs to (nil for `everywhere:`), in source order.
    var allCells: [(screen: ScreenDecl?, cell: CellDecl)] {
        document.everywhere.map { (nil, $0) } + document.screens.flatMap { screen in screen.cells.map { (screen, $0) } }
    }

    /// A built-in state event name (`screen.enter`, `app.state`, `device.*`).
    static func isStateEvent(_ name: String) -> Bool {
        StateEvent(rawValue: name) != nil || name.hasPrefix("device.")
    }

    /// The preset a fallback or sequence target resolves to: a preset id, or a feedback
    /// whose body is a preset.
    func preset(named target: String) -> Preset? {
        if let feedback = feedback[target] {
            if case .preset(let preset, _) = feedback.body { return preset.value }
            return nil
        }
        return Preset(rawValue: target)
    }
}

/// Memoised, budgeted "did you mean" lookups for one validation run (single-threaded):
/// at most `budget` name comparisons in all, so a huge policy full of unknown names cannot
/// make validation quadratic; a real policy (dozens of names) never comes near it.
private final class Suggester {
    static let budget = 20_000
    private var cache: [String: String] = [:]
    private var remaining = budget

    func didYouMean(_ name: String, among candidates: () -> [String]) -> String {
        guard remaining > 0 else { return "" }
        let list = candidates()
        let key = name + "\u{0}" + String(list.count)
        if let cached = cache[key] { return cached }
        guard list.count <= remaining else {
            remaining = 0
            return ""
        }
        remaining -= max(1, list.count)
        let hint = HapticPolicy.didYouMean(name, among: list)
        cache[key] = hint
        return hint
    }
}

/// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`; past `limit` names, `'a', 'b' and 7 more`.
func quotedList(_ names: [String], limit: Int = 5) -> String {
    let quoted = names.prefix(limit).map { "'\($0)'" }
    guard let last = quoted.last else { return "" }
    if names.count > limit { return quoted.joined(separator: ", ") + " and \(names.count - limit) more" }
    return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " and " + last
}

/// Rounded to 6 decimals so `0.1 + 0.2` reads `0.3`.
func show(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    guard abs(value) < 1e9 else { return numberText(value) }
    return numberText((value * 1e6).rounded() / 1e6)
}
