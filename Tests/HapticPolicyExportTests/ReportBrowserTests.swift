import Foundation
import HapticPolicy
import HapticPolicyExport
import HapticPolicyTools
import Testing

/// Finds Debian's `chromium` (or another Chromium build) on PATH.
enum Browser {
    static let path: String? = {
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for directory in directories {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// On CI (`CI` set) the browser test must run, unless browser tests were switched off
    /// with `HAPTIC_POLICY_BROWSER_TESTS=0` (then `scripts/setup` does not install
    /// Chromium either); elsewhere it is skipped when no browser is installed.
    static let available: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if environment["HAPTIC_POLICY_BROWSER_TESTS"] == "0" { return false }
        return path != nil || environment["CI"] != nil
    }()

    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    static func run(_ arguments: [String], timeout: TimeInterval = 90) throws -> Run {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: try #require(path, "chromium is not installed; on Debian: apt-get install -y chromium"))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = FileManager.default.temporaryDirectory.path
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let deadline = Date().addingTimeInterval(timeout)
        let timer = DispatchQueue.global()
        timer.asyncAfter(deadline: .now() + timeout) { if process.isRunning { process.terminate() } }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        _ = deadline
        return Run(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }
}

@Suite(.serialized) struct ReportBrowserTests {
    static func writeReport() throws -> (directory: URL, page: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "haptic-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var policy = try Shipped.policy("plavo")
        // Hostile designer text must stay inert in a real browser too.
        policy.description = "</script><img src=x onerror=\"document.title='pwned'\">"
        let page = directory.appendingPathComponent("report.html")
        let demo = try #require(
            FileManager.default.contents(atPath: Shipped.root.appendingPathComponent("Policies/logs/demo.jsonl").path))
        // The demo keeps within budget (B-1 excepts the selector's ticks), so a burst of
        // shutters at the end breaks B-1 and the page shows a budget row.
        let burst = (0..<8).map { "{\"t\":\(300 + $0),\"event\":\"shutter\"}\n" }.joined()
        let log = Array(demo) + Array(("{\"t\":299,\"event\":\"screen.enter\",\"screen\":\"camera\"}\n" + burst).utf8)
        let timeline = ReportTimelineEntry.session(policy: try Policy(compiling: policy), log: log)
        try ReportRenderer.render(policy, timeline: timeline).write(to: page, atomically: true, encoding: .utf8)
        return (directory, page)
    }

    static func flags(_ directory: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
            "--enable-logging=stderr", "--v=0",
        ]
    }

    @Test(
        .enabled(
            if: Browser.available,
            "chromium is not installed (scripts/setup or apt-get install -y chromium) or HAPTIC_POLICY_BROWSER_TESTS=0; CI runs this test"
        ), .timeLimit(.minutes(3)))
    func reportLoadsWithoutConsoleErrorsAndRendersEveryWaveform() throws {
        let (directory, page) = try Self.writeReport()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Browser.run(
            Self.flags(directory) + ["--virtual-time-budget=2000", "--dump-dom", page.absoluteString])
        let dom = run.stdout
        #expect(dom.contains("data-ready=\"yes\""), "the page script ran; stderr: \(run.stderr.suffix(2000))")
        #expect(dom.contains("data-svgs-rendered=\"9\""), "all 9 plavo waveforms have a non-empty box")
        #expect(!dom.contains("data-errors=\""), "no script error")
        #expect(!dom.contains("<img"), "injected markup stayed text")
        #expect(
            dom.contains("<section id=\"timeline\">") && dom.contains("class=\"timeline-budget\""),
            "the session timeline is on the page")
        let consoleLines = run.stderr.split(separator: "\n").filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Content Security Policy")
                || $0.contains("Refused to")
        }
        #expect(consoleLines.isEmpty, "console: \(consoleLines)")
    }

    @Test(
        .enabled(
            if: Browser.available,
            "chromium is not installed (scripts/setup or apt-get install -y chromium) or HAPTIC_POLICY_BROWSER_TESTS=0; CI runs this test"
        ), .timeLimit(.minutes(3)))
    func reportProducesAScreenshot() throws {
        let (directory, page) = try Self.writeReport()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shot = directory.appendingPathComponent("report.png")
        let run = try Browser.run(
            Self.flags(directory) + ["--window-size=1200,2400", "--screenshot=\(shot.path)", page.absoluteString])
        let data = try #require(
            FileManager.default.contents(atPath: shot.path), "no screenshot; stderr: \(run.stderr.suffix(2000))")
        #expect(data.count > 10_000)
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        if let keep = ProcessInfo.processInfo.environment["REPORT_SCREENSHOT"] {
            try? data.write(to: URL(fileURLWithPath: keep))
        }
    }
}
