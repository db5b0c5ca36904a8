import HapticPolicy

extension PolicyCompiler {
    /// The cells a screen's `otherwise:` makes: for each catalogue event that can occur on
    /// the screen and that neither its table nor `everywhere:` decides, one cell of one
    /// silent row, rule `<screen>/otherwise`, citing the invariants the `otherwise:` cites,
    /// at the `otherwise:` row, marked `otherwise`.
    /// Screens in source order, events in catalogue order; they come after every written
    /// cell, so a policy without `otherwise:` has the cells it always had.
    static func defaultCells(
        _ document: PolicyDocument, screenIndex: NameTable<Int>, eventIndex: NameTable<Int>, files: SourceFiles
    ) -> [PolicyContent.Cell] {
        var cells: [PolicyContent.Cell] = []
        for (s, screen) in document.screens.enumerated() where screenIndex[screen.name.value] == s {
            guard let row = screen.otherwise, let silent = row.silent else { continue }
            let position = files.position(row.location == .unknown ? screen.location : row.location)
            for e in eventsDefaulted(on: screen, in: document) {
                let compiled = PolicyContent.Row(
                    rule: RuleID(otherwiseOf: screen.name.value).text, condition: nil, action: .silent(silent.value),
                    ticker: nil, directives: [], cites: row.cites.map(\.value), note: row.note,
                    location: position)
                cells.append(
                    PolicyContent.Cell(event: e, screen: s, rows: [compiled], location: position, otherwise: true))
            }
        }
        return cells
    }

    /// The catalogue events (by index, first declarations only) that the `otherwise:` of
    /// `screen` decides: those that can occur on it and that neither its table nor
    /// `everywhere:` decides, setting and state events aside. The one definition of the
    /// fill, for the compiler's cells and for the validator (HP342, a default that decides
    /// nothing).
    static func eventsDefaulted(on screen: ScreenDecl, in document: PolicyDocument) -> [Int] {
        let decided = Set((screen.cells.map(\.event.value) + document.everywhere.map(\.event.value)).map(NameKey.init))
        let settings = Set(
            (document.parameters.map(\.setBy.value) + [document.userLevels?.setBy.value].compactMap { $0 })
                .map(NameKey.init))
        var seen = Set<NameKey>()
        var out: [Int] = []
        for (e, event) in document.events.enumerated() {
            let name = NameKey(event.name.value)
            guard seen.insert(name).inserted, !decided.contains(name), !settings.contains(name),
                !ValidationContext.isStateEvent(event.name.value)
            else { continue }
            if case .only(let names) = event.screens,
                !names.contains(where: { NameKey.same($0.value, screen.name.value) })
            {
                continue
            }
            out.append(e)
        }
        return out
    }
}
