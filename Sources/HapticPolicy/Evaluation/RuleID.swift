/// The id a decision cites for a table row: `<screen>/<event>` (`everywhere/<event>` for an
/// `everywhere:` cell), `#<n>` after it when the cell has several rows (1-based), and
/// `@<level>` for one level of a band row (`workout/pace.sample#2@tempo`). Made in one
/// place: the compiler stores the ids in the content (`PolicyContent.Row.rule`), the
/// validator names rows with them, and user levels keep rows by them.
package struct RuleID: Sendable, Hashable, CustomStringConvertible {
    /// The id as decisions cite it.
    package let text: String

    /// The id of row `row` (0-based) of a cell with `rows` rows deciding `event` on
    /// `screen` (nil for `everywhere:`), or of one `level` of that band row.
    package init(screen: String?, event: String, row: Int, rows: Int, level: String? = nil) {
        var text = (screen ?? "everywhere") + "/" + event
        if rows > 1 { text += "#\(row + 1)" }
        if let level { text += "@" + level }
        self.text = text
    }

    /// The last part of a screen default's id; an event of that name decided in the
    /// table of a screen with `otherwise:` would share its id (lint refuses it, HP344).
    package static let otherwiseName = "otherwise"

    /// The id of a screen's default (`otherwise:`): `<screen>/otherwise`.
    package init(otherwiseOf screen: String) {
        text = screen + "/" + Self.otherwiseName
    }

    /// The id as decisions cite it.
    package var description: String { text }
}
