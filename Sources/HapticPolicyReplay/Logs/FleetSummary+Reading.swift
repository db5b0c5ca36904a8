import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

extension FleetSummary {
    /// A summary file that is not a summary of this version: `file:line: what`.
    package struct ReadError: Error, Sendable {
        /// The message, located (`file:line: ...`).
        package var message: String
    }

    /// Reads the JSON of `json` back with the tools' one parser (`JSONParser`), refusing
    /// anything else by name; `line` is the line of `file` it was on.
    package init(json text: String, file: String, line: Int) throws(ReadError) {
        let node: JSONNode
        do throws(JSONParser.SyntaxError) {
            node = try JSONParser.parse(text, file: file)
        } catch {
            throw ReadError(message: "\(file):\(line): not JSON: \(error.message)")
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
        self = summary
    }

    /// Reads typed fields, each missing or mistyped one an error naming it.
    private struct FieldReader {
        let file: String
        let line: Int

        func fail(_ message: String) -> ReadError {
            ReadError(message: "\(file):\(line): \(message)")
        }

        func int(_ node: JSONNode, _ key: String) throws(ReadError) -> Int {
            guard let number = node[key]?.numberValue else { throw fail("\"\(key)\" must be a number") }
            return try whole(number, key)
        }

        func string(_ node: JSONNode, _ key: String) throws(ReadError) -> String {
            guard let text = node[key]?.stringValue else { throw fail("\"\(key)\" must be a string") }
            return text
        }

        func object(_ node: JSONNode, _ key: String) throws(ReadError) -> [JSONNode.Member] {
            guard let members = node[key]?.members else { throw fail("\"\(key)\" must be an object") }
            return members
        }

        func array(_ node: JSONNode, _ key: String) throws(ReadError) -> [JSONNode] {
            guard let items = node[key]?.items else { throw fail("\"\(key)\" must be an array") }
            return items
        }

        func counts(_ node: JSONNode, _ key: String) throws(ReadError) -> [String: Int] {
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

        private func whole(_ number: Double, _ key: String) throws(ReadError) -> Int {
            guard number >= 0, number < Double(FleetSummary.countLimit), number == number.rounded() else {
                throw fail("\"\(key)\" must be a whole number 0 or more, got \(number)")
            }
            return Int(number)
        }
    }
}
