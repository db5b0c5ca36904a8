import HapticPolicy

/// The invariants a decision cites, for the tools' explanations: a bundle keeps them in
/// its tools line (line 2), which an app never reads.
extension Policy {
    /// The designer's statement of an invariant (`says:`), by id.
    package func invariantText(_ id: String) -> String? {
        content.invariants.first { $0.id == id }?.text
    }

    /// Where an invariant is declared, by id.
    package func invariantLocation(_ id: String) -> SourceLocation? {
        content.invariants.first { $0.id == id }.map { $0.location.location(in: files) }
    }
}
