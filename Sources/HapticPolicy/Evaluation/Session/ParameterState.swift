/// The run-time parameters (`parameters:`) of a session and the parametric band edges
/// evaluated from them.
struct ParameterState: Sendable {
    /// The value of each run-time parameter, in `Policy.parameterNames` order: its default
    /// until its setting event sets it.
    var values: [Double]
    /// The current edges of the parametric bands (each band's start at its
    /// `CompiledBand.edgeBase`), evaluated from `values`; empty when no edge reads a
    /// parameter.
    private(set) var bandEdges: [Double] = []

    init(policy: Policy) {
        values = policy.parameters.map(\.defaultValue)
        if policy.parametricEdgeCount > 0 {
            bandEdges = Array(repeating: 0, count: policy.parametricEdgeCount)
            for b in policy.parametricBands {
                let band = policy.bands[b]
                for i in band.edgeCode.indices { bandEdges[band.edgeBase + i] = band.edges[i] }
            }
            updateBandEdges(policy)
        }
    }

    /// The current edges of band `b`.
    func edges(of band: CompiledBand) -> [Double] {
        guard band.isParametric else { return band.edges }
        return Array(bandEdges[band.edgeBase..<band.edgeBase + band.edgeCode.count])
    }

    /// Re-evaluates the parametric bands' edges from `values`. An edge that is not finite
    /// for these values (lint proves it cannot be, or warns) keeps its last value.
    mutating func updateBandEdges(_ policy: Policy) {
        for b in policy.parametricBands {
            let band = policy.bands[b]
            for (i, code) in band.edgeCode.enumerated() {
                let value = code.value(values)
                if value.isFinite { bandEdges[band.edgeBase + i] = value }
            }
        }
    }

    /// Sets parameter `p` to `value` (in range) and re-evaluates the edges; the setting
    /// event's note is `ParameterNote.text(values:edges:)` of the state after.
    mutating func set(_ p: Int, to value: Double, in policy: Policy) {
        values[p] = value
        if !policy.parametricBands.isEmpty { updateBandEdges(policy) }
    }

    /// The values of `previous`'s parameters that `plan.to` still declares, while still in
    /// range (a hot reload).
    mutating func carryOver(_ previous: ParameterState, plan: Session.MigrationPlan) {
        for (p, parameter) in plan.to.parameters.enumerated() {
            let o = plan.parameters[p]
            guard o >= 0 else { continue }
            let value = previous.values[o]
            if value >= parameter.min, value <= parameter.max { values[p] = value }
        }
        if plan.to.parametricEdgeCount > 0 { updateBandEdges(plan.to) }
    }
}

/// What the note of a run-time parameter's setting event names, lowered once per
/// parameter, so that deciding the event keeps the figures (`Decision.Note.parameterSet`)
/// and the text is made only when the note is read:
/// `hr_max is now 180; band 'heart' edges now 114, 133, 152, 171`.
package final class ParameterNote: Sendable {
    /// The parameter's index in `Policy.parameters`.
    let parameter: Int
    /// Its name.
    let name: String
    /// The parametric bands an edge of which reads it: name, first edge in
    /// `ParameterState.bandEdges`, edge count (`PolicyContent.Decide.parameterBands`).
    package let bands: [(name: String, base: Int, count: Int)]

    init(parameter: Int, name: String, bands: [(name: String, base: Int, count: Int)]) {
        self.parameter = parameter
        self.name = name
        self.bands = bands
    }

    /// The note, from the parameter values and band edges just after the event (edges
    /// rounded to 6 decimals, so `0.7 * 170` reads 119).
    func text(values: [Double], edges: [Double]) -> String {
        var out = "\(name) is now \(numberText(values[parameter]))"
        for band in bands {
            let texts = edges[band.base..<band.base + band.count].map { numberText(($0 * 1e6).rounded() / 1e6) }
            out += "; band '\(band.name)' edges now " + texts.joined(separator: ", ")
        }
        return out
    }
}
