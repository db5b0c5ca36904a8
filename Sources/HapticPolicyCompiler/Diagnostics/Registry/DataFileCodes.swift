import HapticPolicy

// Codes of test files, scenarios and event logs (HP801-HP899), emitted by their loaders
// (HapticPolicyYAML), by the core (`PolicyTestSuite.unknownReferences`, `TimedEventLog`)
// and by the commands that check them against a policy (`lint`, `test`, `simulate`).

extension DiagnosticCode {
    /// A number out of its range in a test file or scenario
    /// (`DataFiles/YAMLDataFile.swift`, `PolicyTestLoader.swift`, `ScenarioLoader.swift`).
    package static let numberOutOfRange = DiagnosticCode(
        "HP801", .error, "number-out-of-range",
        "a number out of range in a test file or scenario: a negative time, `every: 0`, `min` above `max`, `t` going backwards",
        stage: .dataFiles,
        example: .scenario(
            "scenario: taps\nduration: 0\nsteps:\n  - {at: 0, event: button.tap}\n",
            policy: DiagnosticExample.examplePolicy))
    /// A scenario that would generate more than `ScenarioRunner.eventLimit` events
    /// (repeat rounds included), found before it runs (`DataFiles/ScenarioLoader.swift`).
    package static let scenarioTooManyEvents = DiagnosticCode(
        "HP807", .error, "scenario-too-many-events",
        "a scenario that would generate more than 2,000,000 events in its duration, refused before it runs",
        stage: .dataFiles,
        example: .scenario(
            "scenario: taps\nduration: 86400\nsteps:\n  - periodic: {event: button.tap, every: 0.001}\n",
            policy: DiagnosticExample.examplePolicy))
    /// A scenario step of no kind (`DataFiles/ScenarioLoader.swift`).
    package static let scenarioStepKind = DiagnosticCode(
        "HP802", .error, "scenario-step-kind",
        "a scenario step that is none of `event` (with `at`), `periodic`, `signal` and `repeat`",
        stage: .dataFiles,
        example: .scenario(
            "scenario: taps\nduration: 5\nsteps:\n  - {wait: 1}\n", policy: DiagnosticExample.examplePolicy))
    /// A test case or table row that checks nothing (`DataFiles/PolicyTestLoader.swift`).
    package static let testChecksNothing = DiagnosticCode(
        "HP803", .error, "test-checks-nothing",
        "a test case none of whose steps expects a decision, and that expects no budget breach",
        stage: .dataFiles,
        example: .testFile(
            "cases:\n  - name: a tap\n    screen: home\n    steps:\n      - {event: button.tap}\n",
            policy: DiagnosticExample.examplePolicy))
    /// The policy of a test file is missing or unusable (`lint`, `test`).
    package static let testPolicyNotFound = DiagnosticCode(
        "HP804", .error, "test-policy-not-found", "the policy of a test file is not found or cannot be loaded",
        stage: .dataFiles,
        example: .testFile(
            "policy: missing.yaml\ncases:\n  - name: a tap\n    screen: home\n    steps:\n      - {event: button.tap, play: tap}\n",
            policy: nil))
    /// A file a test file names (its `policy:`, or the policy next to it) that the path
    /// policy refuses: outside the test file's folder, a symbolic link out of it, not a
    /// regular file, or over the size limit (`ProjectFolder`, `lint`, `test`).
    package static let namedFileRefused = DiagnosticCode(
        "HP808", .error, "named-file-refused",
        "a file a test file names is outside its folder (an absolute path, `..` above it, a symlink out), not a regular file (a FIFO, a device, `/proc`) or over the size limit; it is not read",
        stage: .dataFiles,
        example: .testFile(
            "policy: /etc/passwd\ncases:\n  - name: a tap\n    screen: home\n    steps:\n      - {event: button.tap, play: tap}\n",
            policy: DiagnosticExample.examplePolicy))
    /// A scenario names an event or screen its policy lacks (`simulate`).
    package static let scenarioUnknownName = DiagnosticCode(
        "HP805", .error, "scenario-unknown-name", "a scenario names an event or screen the policy does not declare",
        stage: .dataFiles,
        example: .scenario(
            "scenario: taps\nduration: 5\nsteps:\n  - {at: 1, event: button.tapp}\n",
            policy: DiagnosticExample.examplePolicy))
    /// A test expects a name its policy lacks (`Testing/PolicyTestSuite+References.swift`).
    package static let testUnknownName = DiagnosticCode(
        "HP806", .error, "test-unknown-name",
        "a test names an event, screen, feedback, band level or budget the policy does not declare (the file is not run)",
        stage: .dataFiles,
        example: .testFile(
            "cases:\n  - name: a tap\n    screen: home\n    steps:\n      - {event: button.tap, play: tapp}\n",
            policy: DiagnosticExample.examplePolicy))
    /// An event-log line that cannot be replayed (`Simulation/TimedEventLog+Reader.swift`).
    package static let logLineUnreadable = DiagnosticCode(
        "HP810", .error, "log-line-unreadable",
        "an event-log line that cannot be read for replay, or that goes back in time",
        stage: .dataFiles,
        example: .eventLog(
            "{\"t\": 0, \"event\": \"screen.enter\", \"screen\": \"home\"}\n{\"t\": \"soon\", \"event\": \"button.tap\"}\n"
        ))
}
