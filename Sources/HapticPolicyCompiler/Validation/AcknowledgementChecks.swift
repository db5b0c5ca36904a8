import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    package static let acknowledgedError = DiagnosticCode.check(
        "HP600", .error, "acknowledged-error",
        "an `acknowledge:` entry names a code that is an error: only a warning can be acknowledged")
    package static let unknownAcknowledgedCode = DiagnosticCode.check(
        "HP601", .error, "unknown-acknowledged-code",
        "an `acknowledge:` entry names a code that haptic-policy does not have")
    package static let staleAcknowledgement = DiagnosticCode.check(
        "HP602", .warning, "stale-acknowledgement",
        "an `acknowledge:` entry matches no warning inside the object that carries it")
    package static let acknowledgementWithoutReason = DiagnosticCode.check(
        "HP603", .error, "acknowledgement-without-reason",
        "an `acknowledge:` entry without the designer's reason after the code")
    package static let acknowledgementNotOfLint = DiagnosticCode.check(
        "HP604", .error, "acknowledgement-not-of-lint",
        "an `acknowledge:` entry names a code `lint` never reports on a policy (exports, test files, logs, bundles, acknowledgements)"
    )
}

/// `acknowledge:` (language v3): a warning the designer has looked at is acknowledged
/// with a reason, inside the object that carries the acknowledgement, so `lint --strict`
/// can stay in CI. Nothing here changes a decision: acknowledgements are in no compiled
/// policy.
///
/// The front end reads each entry and checks its code (`codeFindings`: an error, an
/// unknown code, a code `lint` never reports); the loader acknowledges its own warnings
/// and the validator its (`apply`), and reports an entry that acknowledged nothing as
/// stale, as an unused `noqa` is.
package enum AcknowledgementChecks {
    /// The code shape lint writes: `HP` and three digits.
    private static func isCodeShaped(_ code: String) -> Bool {
        let scalars = Array(code.unicodeScalars)
        return scalars.count == 5 && code.hasPrefix("HP")
            && scalars.dropFirst(2).allSatisfy { ("0"..."9").contains($0) }
    }

    /// What acknowledging a list of findings gave.
    package struct Applied: Sendable {
        /// The findings no acknowledgement covers, in their order.
        package var kept: [Diagnostic] = []
        /// The warnings acknowledged, each with `acknowledged` set, in their order.
        package var acknowledged: [Diagnostic] = []
        /// The acknowledgements that covered no finding, in their order.
        package var unused: [Acknowledgement] = []
    }

    /// The error of an entry whose code cannot be acknowledged, or nil for a warning code
    /// of the front end or the validator.
    package static func codeFinding(_ entry: Acknowledgement) -> Diagnostic? {
        let code = entry.code.value
        let fix = "remove this entry"
        guard isCodeShaped(code), let registered = DiagnosticRegistry.code(code) else {
            let known = DiagnosticRegistry.all.filter(isAcknowledgeable).map(\.code)
            let upper = code.uppercased()
            let match = known.contains(upper) ? upper : suggestion(for: upper, among: known)
            let hint = match.map { "; did you mean '\($0)'?" } ?? ""
            return DiagnosticCode.unknownAcknowledgedCode(
                "'\(code)' is not a code haptic-policy reports: write the code as `lint` shows it (HP and three digits)\(hint)",
                at: entry.code.location)
        }
        if DiagnosticCode.acknowledgementCodes.contains(code) {
            return DiagnosticCode.acknowledgementNotOfLint(
                "\(code) (\(registered.slug)) is about acknowledgements themselves, so it cannot be acknowledged: \(fix)",
                at: entry.code.location)
        }
        if registered.stage != .frontEnd && registered.stage != .validation {
            return DiagnosticCode.acknowledgementNotOfLint(
                "\(code) (\(registered.slug)) is not reported by `lint` on a policy (it is a finding of \(registered.stage.rawValue)), so no policy can acknowledge it: \(fix)",
                at: entry.code.location)
        }
        guard registered.severities.contains(.warning) else {
            return DiagnosticCode.acknowledgedError(
                "\(code) (\(registered.slug)) is an error, and an error cannot be acknowledged: fix what it reports and \(fix)",
                at: entry.code.location)
        }
        return nil
    }

    /// Whether an entry may name `code`: a warning of the front end or the validator.
    private static func isAcknowledgeable(_ code: DiagnosticCode) -> Bool {
        (code.stage == .frontEnd || code.stage == .validation) && code.severities.contains(.warning)
            && !DiagnosticCode.acknowledgementCodes.contains(code.code)
    }

    /// Acknowledges every warning of `findings` that an entry of `entries` with its code
    /// covers; the innermost covering entry (a level's before its band's) acknowledges it.
    package static func apply(_ entries: [Acknowledgement], to findings: [Diagnostic]) -> Applied {
        var applied = Applied()
        guard !entries.isEmpty else {
            applied.kept = findings
            return applied
        }
        var used = Array(repeating: false, count: entries.count)
        for finding in findings {
            guard finding.severity == .warning else {
                applied.kept.append(finding)
                continue
            }
            var chosen: Int?
            for (index, entry) in entries.enumerated()
            where entry.code.value == finding.code && entry.covers(finding.location) {
                if let best = chosen, !entry.isInside(entries[best]) { continue }
                chosen = index
            }
            guard let chosen else {
                applied.kept.append(finding)
                continue
            }
            used[chosen] = true
            var acknowledged = finding
            acknowledged.acknowledged = Diagnostic.Note(
                entries[chosen].reason.value, at: entries[chosen].code.location)
            applied.acknowledged.append(acknowledged)
        }
        applied.unused = zip(entries, used).filter { !$0.1 }.map(\.0)
        return applied
    }

    /// HP602 for an entry that acknowledged nothing.
    package static func stale(_ entry: Acknowledgement) -> Diagnostic {
        let slug = DiagnosticRegistry.code(entry.code.value).map { " (\($0.slug))" } ?? ""
        return DiagnosticCode.staleAcknowledgement(
            "nothing inside \(entry.owner) reports \(entry.code.value)\(slug) any more: remove the acknowledgement",
            at: entry.code.location)
    }
}

extension DiagnosticCode {
    /// The codes of acknowledgements themselves: none of them can be acknowledged.
    static let acknowledgementCodes: Set<String> = [
        acknowledgedError.code, unknownAcknowledgedCode.code, staleAcknowledgement.code,
        acknowledgementWithoutReason.code, acknowledgementNotOfLint.code,
    ]
}
