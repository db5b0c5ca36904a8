import HapticPolicy
import HapticPolicyDocument

extension PolicyCompiler {
    /// The cells a screen's `otherwise:` makes: for each catalogue event that can occur on
    /// the screen and that neither its table nor `everywhere:` decides (what `CellTable`
    /// leaves undecided, which the validator's HP342 reads too), one cell of one silent
    /// row, rule `<screen>/otherwise`, citing the invariants the `otherwise:` cites, at the
    /// `otherwise:` row, marked `otherwise`.
    /// Screens in source order, events in catalogue order; they come after every written
    /// cell, so a policy without `otherwise:` has the cells it always had.
    static func defaultCells(
        _ document: PolicyDocument, screenIndex: NameTable<Int>, eventIndex: NameTable<Int>, files: SourceFiles
    ) -> [PolicyContent.Cell] {
        var cells: [PolicyContent.Cell] = []
        let table = CellTable(document)
        for (s, screen) in document.screens.enumerated() where screenIndex[screen.name.value] == s {
            guard let row = screen.otherwise, let silent = row.silent else { continue }
            let position = files.position(row.location == .unknown ? screen.location : row.location)
            for e in table.undecided(on: s) {
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
