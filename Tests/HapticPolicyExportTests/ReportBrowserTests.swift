import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
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
        let timeline = try timeline()
        try ReportRenderer.render(policy, timeline: timeline).write(to: page, atomically: true, encoding: .utf8)
        return (directory, page)
    }

    /// The session the report shows: the demo log, then a burst of shutters. The demo
    /// keeps within budget (B-1 excepts the selector's ticks), so the burst breaks B-1 and
    /// the page shows a budget row.
    static func timeline() throws -> [ReportTimelineEntry] {
        let demo = try #require(
            FileManager.default.contents(atPath: Shipped.root.appendingPathComponent("Policies/logs/demo.jsonl").path))
        let burst = (0..<8).map { "{\"t\":\(300 + $0),\"event\":\"shutter\"}\n" }.joined()
        let log = Array(demo) + Array(("{\"t\":299,\"event\":\"screen.enter\",\"screen\":\"camera\"}\n" + burst).utf8)
        return ReportTimelineEntry.session(policy: try Policy(compiling: try Shipped.policy("plavo")), log: log)
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
        ))
    func reportLoadsWithoutConsoleErrorsAndRendersEveryWaveform() throws {
        let (directory, page) = try Self.writeReport()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Browser.run(
            Self.flags(directory) + ["--virtual-time-budget=2000", "--dump-dom", page.absoluteString])
        let dom = run.stdout
        #expect(dom.contains("data-ready=\"yes\""), "the page script ran; stderr: \(run.stderr.suffix(2000))")
        #expect(
            dom.contains("data-svgs-rendered=\"15\""),
            "all 9 plavo waveforms and the 6 thumbnails of the bands section have a non-empty box")
        #expect(
            dom.contains("data-rings-rendered=\"8\""), "the 3 + 5 ring markers of the two moisture charts are drawn")
        #expect(dom.contains("<section id=\"bands\">") && dom.contains("<svg class=\"signal\""))
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
        ))
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

    /// The test's own script, added to a copy of the page (and to its CSP): where each
    /// ring marker is drawn, in the chart's user units, and whether Japanese text in the
    /// page's font draws real glyphs. Tofu draws every missing character as the same box
    /// (or nothing), so four different characters drawing four different, inked images
    /// (each unlike an unassigned code point's) means a CJK font was found.
    static let probe = """
        (function () {
          var out = { rings: [], cjk: null };
          var charts = document.querySelectorAll('svg.signal');
          for (var i = 0; i < charts.length; i++) {
            var svg = charts[i], box = svg.getBoundingClientRect();
            var scale = svg.viewBox.baseVal.width / box.width;
            var rings = svg.querySelectorAll('g.ring');
            for (var j = 0; j < rings.length; j++) {
              var dot = rings[j].querySelector('circle.ring-marker').getBoundingClientRect();
              out.rings.push({ subject: svg.getAttribute('data-subject'), feedback: rings[j].getAttribute('data-feedback'),
                t: parseFloat(rings[j].getAttribute('data-t')), x: (dot.left + dot.width / 2 - box.left) * scale });
            }
          }
          var cells = document.querySelectorAll('#screens td');
          var cell = null;
          for (var k = 0; k < cells.length && !cell; k++) { if (/[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(cells[k].textContent)) { cell = cells[k]; } }
          if (cell) {
            var family = getComputedStyle(cell).fontFamily;
            var chars = cell.textContent.match(/[\\u3040-\\u30ff\\u4e00-\\u9fff]/g).filter(function (c, n, all) { return all.indexOf(c) === n; }).slice(0, 4);
            var canvas = document.createElement('canvas');
            canvas.width = 48; canvas.height = 48;
            var g = canvas.getContext('2d');
            var draw = function (c) {
              g.clearRect(0, 0, 48, 48); g.fillStyle = '#000'; g.textBaseline = 'top'; g.font = '40px ' + family;
              g.fillText(c, 2, 2);
              var data = g.getImageData(0, 0, 48, 48).data, bits = '', inked = 0;
              for (var p = 3; p < data.length; p += 4) { bits += data[p] > 127 ? '1' : '0'; if (data[p] > 127) { inked += 1; } }
              return { bits: bits, inked: inked };
            };
            var missing = draw('\\u0378');
            var images = chars.map(draw);
            var distinct = images.map(function (m) { return m.bits; }).filter(function (b, n, all) { return all.indexOf(b) === n && b !== missing.bits; });
            out.cjk = { family: family, chars: chars.join(''), distinct: distinct.length, inked: images.filter(function (m) { return m.inked > 20; }).length };
          }
          document.body.setAttribute('data-probe', JSON.stringify(out));
        })();
        """

    /// The report with `probe` running after the page's own script.
    static func writeProbedReport() throws -> (directory: URL, page: URL, timeline: [ReportTimelineEntry]) {
        let (directory, page) = try writeReport()
        var html = try String(contentsOf: page, encoding: .utf8)
        var hasher = SHA256()
        hasher.update(Array(probe.utf8))
        let hash = "sha256-" + Data(hasher.finalize()).base64EncodedString()
        html = html.replacingOccurrences(
            of: "script-src '\(ReportRenderer.scriptHash)'", with: "script-src '\(ReportRenderer.scriptHash)' '\(hash)'"
        )
        html = html.replacingOccurrences(of: "</body>", with: "<script>\(probe)</script>\n</body>")
        try html.write(to: page, atomically: true, encoding: .utf8)
        return (directory, page, try timeline())
    }

    /// The probe's findings, read from the dumped DOM.
    static func probeResult(_ dom: String) throws -> JSONNode {
        let start = try #require(dom.range(of: "data-probe=\""), "the probe ran")
        let rest = dom[start.upperBound...]
        let end = try #require(rest.firstIndex(of: "\""))
        let json = String(rest[..<end]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
            of: "&amp;", with: "&")
        return try JSONParser.parse(json, file: "probe")
    }

    @Test(
        .enabled(
            if: Browser.available,
            "chromium is not installed (scripts/setup or apt-get install -y chromium) or HAPTIC_POLICY_BROWSER_TESTS=0; CI runs this test"
        ))
    func ringMarkersAreDrawnWhereTheDecisionsRang() throws {
        let (directory, page, timeline) = try Self.writeProbedReport()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Browser.run(
            Self.flags(directory) + [
                "--window-size=1200,2400", "--virtual-time-budget=2000", "--dump-dom", page.absoluteString,
            ])
        let probe = try Self.probeResult(run.stdout)
        let drawn = probe["rings"]?.items ?? []
        let rang = timeline.filter { $0.rang != nil && $0.band != nil && $0.number != nil }
        #expect(drawn.count == rang.count && rang.count == 8, "one marker per ring of a band signal")
        #expect(drawn.map { $0["feedback"]?.stringValue ?? "" } == rang.map { $0.rang ?? "" })
        // The decisions' times on each chart's axis, as the page states it.
        for subject in ["monstera", "pothos"] {
            let samples = timeline.filter { $0.subject == subject && $0.band != nil && $0.number != nil }
            let t0 = try #require(samples.first?.time)
            let t1 = try #require(samples.last?.time)
            let mine = zip(drawn, rang).filter { $0.1.subject == subject }
            #expect(!mine.isEmpty)
            for (marker, decision) in mine {
                let expected =
                    SignalChartSVG.left + (decision.time - t0) / (t1 - t0)
                    * (SignalChartSVG.width - SignalChartSVG.left - SignalChartSVG.right)
                let x = try #require(marker["x"]?.numberValue)
                #expect(
                    abs(x - expected) < 1.5,
                    "\(subject): \(decision.rang ?? "") at \(decision.time) s drawn at x \(x), expected \(expected)")
            }
        }
    }

    @Test(
        .enabled(
            if: Browser.available,
            "chromium is not installed (scripts/setup or apt-get install -y chromium) or HAPTIC_POLICY_BROWSER_TESTS=0; CI runs this test"
        ))
    func japaneseReasonsDrawRealGlyphsNotTofu() throws {
        let (directory, page, _) = try Self.writeProbedReport()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Browser.run(
            Self.flags(directory) + [
                "--window-size=1200,2400", "--virtual-time-budget=2000", "--dump-dom", page.absoluteString,
            ])
        let cjk = try #require(try Self.probeResult(run.stdout)["cjk"], "a Japanese reason is on the page")
        #expect(
            cjk["family"]?.stringValue?.contains("Noto Sans CJK JP") == true, "the page names the CJK font stack")
        #expect(
            cjk["distinct"]?.numberValue == 4 && cjk["inked"]?.numberValue == 4,
            "4 different characters (\(cjk["chars"]?.stringValue ?? "")) draw \(cjk["distinct"]?.numberValue ?? 0) different glyphs, \(cjk["inked"]?.numberValue ?? 0) inked; tofu draws them alike. On Debian: apt-get install -y fonts-noto-cjk (scripts/setup does)"
        )
    }
}
