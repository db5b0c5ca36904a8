import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
import HapticPolicyFrontEnd
import HapticPolicyReplay

/// `haptic-policy merge`: adds up the JSON summaries of `eval --summary json` (from
/// several machines, runs or Spark partitions) with the one merge rule of `FleetSummary`.
enum MergeCommand {
    /// The form of the merged summary on stdout.
    enum Format: String, CaseIterable, Sendable {
        /// One line of JSON, itself mergeable.
        case json
        /// The text `eval` prints for many logs.
        case text
    }

    /// The options `merge` declares.
    struct Options: CommandOptions {
        let format = Choice("format", valueName: "format", default: Format.json, help: "Output format (default json).")
        let color = Choice<ColorMode>.color
    }

    /// The most bytes of one summary file: 64 MiB.
    static let summaryLimit = 64 << 20

    static let subcommand = Subcommand(
        name: "merge",
        abstract: "Add up the JSON summaries of 'eval --summary json' into one.",
        discussion: """
            Reads summaries written by 'eval --summary json' (one JSON object per file, or one \
            per line) and adds them up: counts add, the rings-per-minute histograms add, the \
            worst sessions are re-ranked and the bad logs listed. Merging is associative and \
            commutative, so summaries of parts of a fleet (machines, Spark partitions) merge \
            to the summary of the whole, exactly. See Docs/fleet.md for the format.
            """,
        options: Options.self,
        positionals: [.init("summary", .oneOrMore, help: "Summary files (JSON), or - for stdin.")],
        examples: [
            "haptic-policy merge part-1.json part-2.json --format text"
        ]
    ) { arguments, context throws(UsageError) in
        var total = FleetSummary()
        for path in arguments.positionals {
            guard let bytes = context.files.readReportingErrors(path, limit: summaryLimit, located: false) else {
                return .failure
            }
            let name = FrontEndFiles.displayName(path)
            for (index, line) in bytes.split(separator: 0x0A).enumerated() {
                let text = String(decoding: line, as: UTF8.self)
                guard !text.allSatisfy(\.isWhitespace) else { continue }
                let summary: FleetSummary
                do throws(SummaryError) {
                    summary = try FleetSummaryReader.read(text, file: name, line: index + 1)
                } catch {
                    context.stderr.line("error: " + terminalText(error.message))
                    return .failure
                }
                do throws(FleetSummary.Overflow) {
                    try total.merge(summary)
                } catch {
                    context.stderr.line("error: " + terminalText("\(name):\(index + 1): \(error.message)"))
                    return .failure
                }
            }
        }
        switch arguments[\.format] {
        case .json: context.stdout.line(total.json)
        case .text: context.stdout.line(total.text)
        }
        return .success
    }
}

/// A summary file that is not a summary of this version.
struct SummaryError: Error {
    var message: String
}

/// Reads the JSON of `FleetSummary.json` back, refusing anything else by name.
enum FleetSummaryReader {
    static func read(_ text: String, file: String, line: Int) throws(SummaryError) -> FleetSummary {
        let node: JSONNode
        do throws(JSONParser.SyntaxError) {
            node = try JSONParser.parse(text, file: file)
        } catch {
            throw SummaryError(message: "\(file):\(line): not JSON: \(error.message)")
        }
        let reader = FieldReader(file: file, line: line)
        guard node[FleetSummary.formatKey]?.stringValue == FleetSummary.formatName else {
            throw reader.fail("not a summary of 'eval --summary json' (no \"format\":\"\(FleetSummary.formatName)\")")
        }
        let version = try reader.int(node, "version")
        guard version == FleetSummary.version else {
            throw reader.fail("summary version \(version); this haptic-policy reads version \(FleetSummary.version)")
        }
        var summary = FleetSummary()
        summary.sessions = try reader.int(node, "sessions")
        summary.lines = try reader.int(node, "lines")
        summary.invalidLines = try reader.int(node, "invalidLines")
        summary.sessionsWithInvalidLines = try reader.int(node, "sessionsWithInvalidLines")
        summary.actions = try reader.counts(node, "actions")
        summary.reasons = try reader.counts(node, "reasons")
        for member in try reader.object(node, "screens") {
            var screen = FleetSummary.Screen()
            screen.decisions = try reader.int(member.value, "decisions")
            screen.rings = try reader.int(member.value, "rings")
            screen.milliseconds = try reader.int(member.value, "milliseconds")
            for (key, count) in try reader.counts(member.value, "histogram") {
                guard let bucket = Int(key) else { throw reader.fail("histogram key '\(key)' is not a whole number") }
                screen.histogram[bucket] = count
            }
            summary.screens[member.key] = screen
        }
        summary.feedback = try reader.counts(node, "feedback")
        summary.budgetBreaches = try reader.int(node, "budgetBreaches")
        summary.chatter = try reader.int(node, "chatter")
        summary.integration = try reader.counts(node, "integration")
        for item in try reader.array(node, "worst") {
            summary.worst.append(
                FleetSummary.WorstSession(
                    log: try reader.string(item, "log"), screen: try reader.string(item, "screen"),
                    ringsPerMinuteTenths: try reader.int(item, "ringsPerMinuteTenths"),
                    rings: try reader.int(item, "rings"), milliseconds: try reader.int(item, "milliseconds")))
        }
        for item in try reader.array(node, "badLogs") {
            summary.badLogs.append(
                FleetSummary.BadLog(log: try reader.string(item, "log"), message: try reader.string(item, "message")))
        }
        // Its totals (a screen's sessions, the integration events) below the count limit
        // too, checked by the merge rule itself.
        do throws(FleetSummary.Overflow) {
            var empty = FleetSummary()
            try empty.merge(summary)
        } catch {
            throw reader.fail(
                "the total \"\(error.count)\" reaches \(FleetSummary.countLimit), the largest count a summary holds")
        }
        return summary
    }

    /// Reads typed fields, each missing or mistyped one an error naming it.
    private struct FieldReader {
        let file: String
        let line: Int

        func fail(_ message: String) -> SummaryError {
            SummaryError(message: "\(file):\(line): \(message)")
        }

        func int(_ node: JSONNode, _ key: String) throws(SummaryError) -> Int {
            guard let number = node[key]?.numberValue else { throw fail("\"\(key)\" must be a number") }
            return try whole(number, key)
        }

        func string(_ node: JSONNode, _ key: String) throws(SummaryError) -> String {
            guard let text = node[key]?.stringValue else { throw fail("\"\(key)\" must be a string") }
            return text
        }

        func object(_ node: JSONNode, _ key: String) throws(SummaryError) -> [JSONNode.Member] {
            guard let members = node[key]?.members else { throw fail("\"\(key)\" must be an object") }
            return members
        }

        func array(_ node: JSONNode, _ key: String) throws(SummaryError) -> [JSONNode] {
            guard let items = node[key]?.items else { throw fail("\"\(key)\" must be an array") }
            return items
        }

        func counts(_ node: JSONNode, _ key: String) throws(SummaryError) -> [String: Int] {
            var counts: [String: Int] = [:]
            for member in try object(node, key) {
                guard let number = member.value.numberValue else {
                    throw fail("\"\(key)\".\"\(member.key)\" must be a number")
                }
                let (sum, overflow) = (counts[member.key] ?? 0).addingReportingOverflow(
                    try whole(number, "\(key).\(member.key)"))
                guard !overflow, sum < FleetSummary.countLimit else {
                    throw fail(
                        "\"\(key)\".\"\(member.key)\" appears more than once and adds up past \(FleetSummary.countLimit)"
                    )
                }
                counts[member.key] = sum
            }
            return counts
        }

        private func whole(_ number: Double, _ key: String) throws(SummaryError) -> Int {
            guard number >= 0, number < Double(FleetSummary.countLimit), number == number.rounded() else {
                throw fail("\"\(key)\" must be a whole number 0 or more, got \(number)")
            }
            return Int(number)
        }
    }
}
