/// Which way an approach band's level may move (`approach:` on a band, language v3): only
/// toward its lowest level (`falling`, a distance to a turn) or its highest (`rising`). A
/// sample whose level is behind the current one is silent with reason `receding` and
/// changes nothing (Docs/decision-order.md, "Approach bands").
package enum BandApproach: String, Sendable, Hashable, Codable, CaseIterable {
    /// The level only moves toward the lowest level.
    case falling
    /// The level only moves toward the highest level.
    case rising

    /// The sign of a level change the band allows: `-1` (falling) or `1` (rising).
    package var step: Int { self == .falling ? -1 : 1 }
}
