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
        let everywhere = Set(document.everywhere.map(\.event.value))
        let settings = Set(
            document.parameters.map(\.setBy.value) + [document.userLevels?.setBy.value].compactMap { $0 })
        var cells: [PolicyContent.Cell] = []
        for (s, screen) in document.screens.enumerated() where screenIndex[screen.name.value] == s {
            guard let row = screen.otherwise, let silent = row.silent else { continue }
            let decided = Set(screen.cells.map(\.event.value)).union(everywhere)
            let position = files.position(row.location == .unknown ? screen.location : row.location)
            for (e, event) in document.events.enumerated() where eventIndex[event.name.value] == e {
                let name = event.name.value
                guard !decided.contains(name), !settings.contains(name), !ValidationContext.isStateEvent(name) else {
                    continue
                }
                if case .only(let names) = event.screens, !names.contains(where: { $0.value == screen.name.value }) {
                    continue
                }
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
}
