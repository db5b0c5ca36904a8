import Dispatch
import Foundation
import HapticPolicy
import HapticPolicyCompiler

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `haptic-policy watch`: re-lints, re-tests and re-replays on every save, and prints
/// only what changed since the last good version.
enum WatchCommand {
    /// The options `watch` declares.
    struct Options: CommandOptions {
        let tests = Value(
            repeating: "tests", valueName: "file",
            help: "A test file to run on every save (repeatable; default: the policy's *.tests.yaml).",
            parse: { $0 })
        let log = Value("log", valueName: "file", help: "An event log (JSONL) to replay on every save.")
        let verbose = Flag("verbose", short: "v", help: "Print each round's time and the files it read.")
        let color = Choice<ColorMode>.color
    }

    /// How often the files are polled, in milliseconds.
    static let pollInterval: Int32 = 50

    static let subcommand = Subcommand(
        name: "watch",
        abstract: "Re-lint, re-test and re-replay a policy on every save; print what changed.",
        discussion: """
            Watches the policy, its test files (--tests, default the policy's *.tests.yaml next \
            to it) and an optional event log (--log). On each save (a burst of saves is one \
            round; editors that save by renaming are followed) it lints the policy and the test \
            files, runs the tests and replays the log, and prints only what changed since the \
            last good version: findings added and fixed, tests that flipped between pass and \
            FAIL, feedback fields that changed (a pattern event's intensity, a preset, a \
            fallback: feedback, field, old -> new, compared as diff compares them), and \
            decisions that changed (log line, time, event: before -> after). A save \
            with errors keeps the last good version and says so, with the errors located. \
            Results go to stdout, errors to stderr. Stops at end of standard input (Ctrl-D), \
            on SIGINT (Ctrl-C) or SIGTERM, with exit 0.
            """,
        options: Options.self,
        positionals: [.init("policy", help: "The policy file (YAML) to watch.")],
        examples: [
            "haptic-policy watch Policies/plavo.yaml",
            "haptic-policy watch Policies/plavo.yaml --log Policies/logs/demo.jsonl -v",
        ]
    ) { arguments, context throws(UsageError) in
        let policy = arguments.positionals[0]
        if policy == "-" { throw UsageError("watch needs a policy file, not stdin; give its path") }
        var tests = try arguments[\.tests]
        if tests.isEmpty, policy.hasSuffix(".yaml") {
            let sibling = String(policy.dropLast(".yaml".count)) + ".tests.yaml"
            if FileManager.default.fileExists(atPath: sibling) { tests = [sibling] }
        }
        let inputs = WatchRound.Inputs(policy: policy, tests: tests, log: try arguments[\.log])
        var session = WatchSession(inputs: inputs, verbose: arguments[\.verbose], context: context)
        session.run()
        return .success
    }
}

/// The loop of one `watch` run: poll, debounce, run a round, print its changes.
struct WatchSession {
    let inputs: WatchRound.Inputs
    let verbose: Bool
    let context: CommandContext
    private var lastGood: WatchSnapshot?
    private var round = 0
    private var roundPrints: [FileFingerprint?] = []
    /// The files the policy included in the last round (`include:`): watched as well.
    private var included: [String] = []
    /// Every file watched: the inputs, then the policy's included files.
    private var watched: [String] { inputs.files + included.filter { !inputs.files.contains($0) } }

    init(inputs: WatchRound.Inputs, verbose: Bool, context: CommandContext) {
        self.inputs = inputs
        self.verbose = verbose
        self.context = context
    }

    /// Runs until stdin ends or SIGINT/SIGTERM.
    mutating func run() {
        let stop = WatchStop()
        let signals = stop.listen(enabled: context.standardInput.descriptor != nil)
        defer { for source in signals { source.cancel() } }
        var files = inputs.files
        context.stdout.line(
            "watching \(terminalText(files.joined(separator: ", "))); stop with Ctrl-C or end of input")
        roundPrints = files.map(FileFingerprint.of)
        var debouncer = WatchDebouncer(seen: roundPrints)
        runRound()
        // A round may name included files: watch them from now on.
        func follow() {
            guard watched != files else { return }
            let added = watched.filter { !files.contains($0) }
            files = watched
            roundPrints = files.map(FileFingerprint.of)
            debouncer = WatchDebouncer(seen: roundPrints)
            if !added.isEmpty {
                context.stdout.line("  also watching \(terminalText(added.joined(separator: ", "))) (included)")
                context.stdout.flush()
            }
        }
        follow()
        let clock = ContinuousClock()
        let start = clock.now
        while !stop.requested {
            if waitForInput() {
                break
            }
            let prints = files.map(FileFingerprint.of)
            let elapsed = clock.now - start
            let now = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            if debouncer.observe(prints, at: now) {
                let changed = zip(files, zip(roundPrints, prints)).filter { $0.1.0 != $0.1.1 }.map(\.0)
                roundPrints = prints
                runRound(changed: changed)
                follow()
            }
        }
        context.stdout.line("watch stopped after \(round) \(round == 1 ? "round" : "rounds")")
        context.stdout.flush()
    }

    /// Waits one poll interval for standard input; true at its end. Input typed is read
    /// and ignored (only its end matters).
    private func waitForInput() -> Bool {
        let input = context.standardInput
        guard let descriptor = input.descriptor else {
            // Memory (in-process tests): read it all; its end ends the watch.
            var byte: [UInt8] = [0]
            return byte.withUnsafeMutableBufferPointer { input.read(into: $0) } == 0
        }
        var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&wanted, 1, WatchCommand.pollInterval)
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        return buffer.withUnsafeMutableBufferPointer { input.read(into: $0) } == 0
    }

    private mutating func runRound(changed: [String] = []) {
        round += 1
        let clock = ContinuousClock()
        let started = clock.now
        let outcome = WatchRound.run(inputs, context: context, included: &included)
        let took = clock.now - started
        let what = changed.isEmpty ? "" : " (\(terminalText(changed.joined(separator: ", "))) changed)"
        switch outcome {
        case .good(let snapshot):
            if let previous = lastGood {
                let changes = WatchChanges(from: previous, to: snapshot)
                context.stdout.line("round \(round)\(what): \(changes.summary)")
                for line in changes.lines() { context.stdout.line(line) }
            } else {
                context.stdout.line("round \(round): \(snapshot.summary)")
                for finding in snapshot.findings { context.stdout.line(terminalText("  \(finding.text)")) }
                for test in snapshot.tests where !test.passed {
                    context.stdout.line(
                        terminalText("  test '\(test.name)' (\(test.location)): FAIL: \(test.failure ?? "")"))
                }
            }
            if lastGood != nil { context.stdout.line("  now: \(snapshot.summary)") }
            lastGood = snapshot
        case .broken(let problems):
            let errors = problems.reduce(0) { $0 + max($1.errors.count, 1) }
            let keeping = lastGood == nil ? "no good version yet" : "keeping the last good version"
            context.stdout.line(
                "round \(round)\(what): broken save, \(errors) \(errors == 1 ? "error" : "errors"); \(keeping)")
            for problem in problems {
                DiagnosticPrinter.print(problem.errors, sources: problem.sources, context: context)
                if let message = problem.message { context.stderr.line("error: " + terminalText(message)) }
            }
        }
        if verbose {
            let milliseconds = Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) * 1e-15
            context.stdout.line("  round \(round) took \(String(format: "%.1f", milliseconds)) ms")
        }
        context.stderr.flush()
        context.stdout.flush()
    }
}

/// Whether `watch` was asked to stop by SIGINT or SIGTERM: set by a dispatch signal
/// source (the signals themselves are ignored so they only reach it), read by the loop.
final class WatchStop: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    /// Whether a stop was asked for.
    var requested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Asks the loop to stop.
    func request() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    /// Routes SIGINT and SIGTERM to `request` (only for the real process: `enabled`);
    /// the caller cancels the sources returned when it is done.
    func listen(enabled: Bool) -> [any DispatchSourceSignal] {
        guard enabled else { return [] }
        return [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in request() }
            source.resume()
            return source
        }
    }
}
