import HapticPolicy
import HapticPolicyDocument

/// The parameter values a template is checked at: its defaults, each parameter's min and
/// max alone (the others at their defaults), and every min/max combination when it has at
/// most 4 ranged parameters.
struct TemplateScenario: Hashable {
    /// Which end of its range a parameter is at.
    enum End: Hashable {
        case min, max
    }

    /// Every parameter's value.
    var values: [String: Double]
    /// The parameters not at their default, and which end they are at.
    var ends: [String: End]
}

/// A template's parameters with usable values, and the scenarios to check.
struct TemplateSpace {
    /// Parameters in declaration order with a finite default (the first of a repeated name).
    let parameters: [TemplateParameter]
    let defaults: [String: Double]

    /// At most this many ranged parameters are checked at all corners (2^4 = 16 scenarios).
    static let cornerLimit = 4

    init(_ pattern: PatternDecl) {
        var seen = Set<String>()
        var parameters: [TemplateParameter] = []
        for parameter in pattern.parameters
        where parameter.defaultValue.value.isFinite && seen.insert(parameter.name.value).inserted {
            parameters.append(parameter)
        }
        self.parameters = parameters
        defaults = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name.value, $0.defaultValue.value) })
    }

    /// The usable range ends of a parameter: finite, and min ≤ max when both are given.
    func ends(of parameter: TemplateParameter) -> [(TemplateScenario.End, Double)] {
        let minimum = parameter.minimum.map(\.value).flatMap { $0.isFinite ? $0 : nil }
        let maximum = parameter.maximum.map(\.value).flatMap { $0.isFinite ? $0 : nil }
        if let minimum, let maximum, minimum > maximum { return [] }
        var result: [(TemplateScenario.End, Double)] = []
        if let minimum, minimum != parameter.defaultValue.value { result.append((.min, minimum)) }
        if let maximum, maximum != parameter.defaultValue.value { result.append((.max, maximum)) }
        return result
    }

    /// Defaults first, then each parameter alone at each end of its range, then (with at
    /// most `cornerLimit` ranged parameters) every corner; no scenario twice. The simplest
    /// scenario showing a finding comes first, so the message names only what causes it.
    var scenarios: [TemplateScenario] {
        let base = TemplateScenario(values: defaults, ends: [:])
        var result = [base]
        let ranged = parameters.map { ($0.name.value, ends(of: $0)) }.filter { !$0.1.isEmpty }
        for (name, ends) in ranged {
            for (end, value) in ends {
                var next = base
                next.values[name] = value
                next.ends[name] = end
                result.append(next)
            }
        }
        if ranged.count <= Self.cornerLimit {
            var corners = [base]
            for (name, ends) in ranged {
                corners = corners.flatMap { scenario in
                    ends.map { end, value in
                        var next = scenario
                        next.values[name] = value
                        next.ends[name] = end
                        return next
                    }
                }
            }
            result += corners
        }
        var seen = Set<TemplateScenario>()
        return result.filter { seen.insert($0).inserted }
    }

    func parameter(named name: String) -> TemplateParameter? {
        parameters.first { $0.name.value == name }
    }
}
