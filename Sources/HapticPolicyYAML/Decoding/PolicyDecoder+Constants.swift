import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

// HP027 an unknown constant, HP028 a constant using itself or a later one, HP029 a
// fraction where a whole number goes; HP230 an unused constant, HP231 a pattern parameter
// named like a constant.

extension PolicyDecoder {
    /// Reads `constants:` (name → a number, or an expression of earlier constants), folding
    /// each to its value.
    mutating func readConstants(_ node: YAMLNode) {
        guard let entries = namedEntries(node, for: "constants") else { return }
        let names = entries.map(\.name.value)
        for (index, entry) in entries.enumerated() {
            let name = entry.name
            guard Self.isConstantName(name.value) else {
                report(
                    DiagnosticCode.wrongType(
                        "'\(name.value)' cannot name a constant: use letters, digits and '_', starting with a letter or '_' (for example 'beat_gap')",
                        at: name.location))
                continue
            }
            guard constants[name.value] == nil else { continue }
            switch CoreSchema.resolve(entry.value) {
            case .int(let value)?:
                constants[name.value] = Located(Double(value), at: name.location)
            case .float(let value)?:
                guard value.isFinite else {
                    report(Self.notFinite(name.value, at: entry.value.location))
                    continue
                }
                constants[name.value] = Located(value, at: name.location)
            case .string(let text)?:
                let expression: HapticPolicy.Expression
                do {
                    expression = try HapticPolicy.Expression.parse(text)
                } catch {
                    report(
                        DiagnosticCode.expressionSyntax(
                            "in constant '\(name.value)': \(error.message)",
                            at: location(in: entry.value, characterOffset: error.offset)))
                    continue
                }
                // A constant another one names is used, even when that one fails.
                usedConstants.formUnion(expression.parameters)
                var usable = true
                for used in Set(expression.parameters).sorted() where constants[used] == nil {
                    usable = false
                    if used == name.value {
                        report(
                            DiagnosticCode.constantOrder(
                                "constant '\(used)' uses itself; write its value with numbers and earlier constants",
                                at: entry.value.location))
                    } else if names[(index + 1)...].contains(used) {
                        report(
                            DiagnosticCode.constantOrder(
                                "constant '\(name.value)' uses '\(used)', declared after it; declare '\(used)' first (a constant may use only earlier ones, so none can go round in a cycle)",
                                at: entry.value.location))
                    } else if !names[..<index].contains(used) {
                        report(Self.unknownConstant(used, known: Array(names[..<index]), at: entry.value.location))
                    }
                }
                guard usable else { continue }
                let folded = substitutingConstants(expression)
                guard let value = try? folded.evaluate([:]) else {
                    report(
                        DiagnosticCode.numberNotFinite(
                            "constant '\(name.value)' is not a finite number (\(text)); avoid dividing by zero",
                            at: entry.value.location))
                    continue
                }
                constants[name.value] = Located(value, at: name.location)
            default:
                wrongType(
                    expected: "a number or an expression of earlier constants", for: name.value, found: entry.value)
            }
        }
    }

    /// `expression` with every name of a constant replaced by its value; other names
    /// (template parameters) stay. Marks the constants used.
    mutating func substitutingConstants(_ expression: HapticPolicy.Expression) -> HapticPolicy.Expression {
        guard !constants.isEmpty else { return expression }
        let names = Set(expression.parameters.filter { constants[$0] != nil && !templateParameters.contains($0) })
        guard !names.isEmpty else { return expression }
        usedConstants.formUnion(names)
        return expression.substituting(constants.filter { names.contains($0.key) }.mapValues(\.value))
    }

    /// The value of a number written as a constant or an expression of constants, when
    /// the policy declares constants and the text names one: `.some(nil)` after reporting
    /// a name that is no constant or a value that is not finite; nil when the node is not
    /// such text (then it is read as before).
    mutating func folded(_ node: YAMLNode, for key: String) -> Located<Double>?? {
        guard !constants.isEmpty, case .string(let text)? = CoreSchema.resolve(node),
            let expression = try? HapticPolicy.Expression.parse(text), !expression.parameters.isEmpty
        else { return nil }
        let unknown = expression.parameters.filter { constants[$0] == nil }
        if let name = unknown.first {
            report(Self.unknownConstant(name, known: constants.keys.sorted(), at: node.location, for: key))
            return .some(nil)
        }
        guard let value = try? substitutingConstants(expression).evaluate([:]) else {
            report(
                DiagnosticCode.numberNotFinite(
                    "'\(key)' is not a finite number (\(text)); avoid dividing by zero", at: node.location))
            return .some(nil)
        }
        return .some(Located(value, at: node.location))
    }

    /// HP230 for every constant no number used.
    mutating func reportUnusedConstants() {
        for (name, constant) in constants.sorted(by: { $0.value.location < $1.value.location })
        where !usedConstants.contains(name) {
            report(
                DiagnosticCode.unusedConstant(
                    "constant '\(name)' is never used; use it where a number goes or remove it", at: constant.location))
        }
    }

    /// Letters, digits and `_`, not starting with a digit: what an expression reads as a name.
    static func isConstantName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// HP027: a name that is no constant.
    static func unknownConstant(
        _ name: String, known: [String], at location: SourceLocation, for key: String? = nil
    ) -> Diagnostic {
        let place = key.map { " in '\($0)'" } ?? ""
        let hint =
            Suggestions.closest(to: name, in: known).map { "did you mean '\($0)'?" }
            ?? (known.isEmpty
                ? "declare it under `constants:` before it is used"
                : "declare it under `constants:` or use one of \(known.joined(separator: ", "))")
        return DiagnosticCode.unknownConstant("unknown constant '\(name)'\(place); \(hint)", at: location)
    }

    /// HP029: a fraction where a whole number goes.
    static func notWhole(_ key: String, _ value: Double, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.constantNotWhole(
            "'\(key)' needs a whole number, and this is \(numberText(value)); use a constant whose value is whole",
            at: location)
    }

    /// HP231: a template parameter named like a constant.
    static func shadowsConstant(_ name: Located<String>, constant: Located<Double>) -> Diagnostic {
        DiagnosticCode.constantShadowsParameter(
            "parameter '\(name.value)' has the name of a constant, so '\(name.value)' in this pattern could mean either; rename the parameter or the constant",
            at: name.location, notes: [Diagnostic.Note("the constant is declared here", at: constant.location)])
    }
}
