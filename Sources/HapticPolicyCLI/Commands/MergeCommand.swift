import HapticPolicy
import HapticPolicyCompiler
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
                do throws(FleetSummary.ReadError) {
                    summary = try FleetSummary(json: text, file: name, line: index + 1)
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
