import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import Testing

/// Report v2's session section and bands section: the charts come from the same entries
/// as the table, identical silences fold, numbers read as people write them.
@Suite struct ReportSessionTests {
    static func demoTimeline() throws -> (document: PolicyDocument, policy: Policy, timeline: [ReportTimelineEntry]) {
        let document = try Shipped.policy("plavo")
        let policy = try Policy(compiling: document)
        let log = try #require(
            FileManager.default.contents(atPath: Shipped.root.appendingPathComponent("Policies/logs/demo.jsonl").path))
        return (document, policy, ReportTimelineEntry.session(policy: policy, log: Array(log)))
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else {
            return []
        }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    /// Every ring marker is a ring of the timeline, at its time on the chart's axis, and
    /// every ring of a band signal has its marker.
    @Test func chartMarkersAreTheTimelinesRingsAtTheirTimes() throws {
        let (_, policy, timeline) = try Self.demoTimeline()
        let signals = SignalChartSVG.signals(in: timeline, bands: policy.content.bands)
        #expect(signals.map { $0.subject ?? "" } == ["monstera", "pothos"])
        for signal in signals {
            let svg = SignalChartSVG.render(signal)
            let axis = try #require(
                Self.matches(#"data-t0="([^"]+)" data-t1="([^"]+)" data-x0="([^"]+)" data-x1="([^"]+)""#, in: svg)
                    .first?.compactMap(Double.init))
            let markers = Self.matches(
                #"<g class="ring" data-t="([^"]+)" data-feedback="([^"]+)">.*?<circle class="ring-marker" cx="([^"]+)""#,
                in: svg)
            let rings = timeline.filter {
                $0.rang != nil && $0.band == signal.band.name && $0.subject == signal.subject && $0.number != nil
            }
            #expect(rings.count >= 3, "the demo rings on every band change")
            #expect(markers.map { $0[1] } == rings.map { $0.rang ?? "" })
            #expect(markers.map { Double($0[0]) ?? -1 } == rings.map { ($0.time * 100).rounded() / 100 })
            for marker in markers {
                let t = Double(marker[0]) ?? 0
                let x = axis[2] + (t - axis[0]) / (axis[1] - axis[0]) * (axis[3] - axis[2])
                #expect(
                    abs((Double(marker[2]) ?? 0) - x) < 0.06,
                    "marker at \(t) s (data-t and cx are rounded to 2 decimals)")
            }
            let silent = signal.entries.filter { $0.rang == nil }
            #expect(Self.matches(#"<circle class="silence"#, in: svg).count == silent.count)
            #expect(svg.contains("silent: same band</title>"), "a silence says why on hover")
        }
    }

    /// Every label of a chart lies inside the drawing, measured at 0.55 em a character
    /// (a sans-serif digit's width): edge labels with a long unit (`7200 rpm` showed as
    /// `·200 rpm`), a long level name, ring and tick labels at the ends, silence notes.
    @Test func chartLabelsStayInsideTheDrawing() throws {
        let (_, policy, timeline) = try Self.demoTimeline()
        var signal = try #require(SignalChartSVG.signals(in: timeline, bands: policy.content.bands).first)
        signal.band.unit = "thousand rpm"
        signal.band.levels[3].name = "comfortable, not yet watered"
        let charts = [
            (SignalChartSVG.render(signal), SignalChartSVG.width),
            (
                WaveformSVG.render(
                    ResolvedPattern(events: [
                        .init(kind: .silence, time: 0, duration: 0.02, note: "long pause before the call"),
                        .init(kind: .transient, time: 0.03, intensity: 1, sharpness: 0.5),
                    ]), name: "edge"), WaveformSVG.width
            ),
        ]
        for (svg, width) in charts {
            let texts = Self.matches(#"<text([^>]*)>([^<]*)</text>"#, in: svg)
            #expect(texts.count >= 4)
            for text in texts {
                let attributes = text[0]
                let x = try #require(Self.matches(#" x="([^"]+)""#, in: attributes).first.flatMap { Double($0[0]) })
                let size = Self.matches(#"font-size="([^"]+)""#, in: attributes).first.flatMap { Double($0[0]) } ?? 10
                let anchor = Self.matches(#"text-anchor="([^"]+)""#, in: attributes).first?[0] ?? "start"
                let extent = Double(text[1].count) * 0.55 * size
                let start = anchor == "end" ? x - extent : anchor == "middle" ? x - extent / 2 : x
                #expect(
                    start >= 0 && start + extent <= width, "'\(text[1])' spans \(start)…\(start + extent) of \(width)")
            }
        }
        #expect(SignalChartSVG.render(signal).contains(">comfortable, not yet watered</text>"))
    }

    @Test func monsteraChartIsGolden() throws {
        let (_, policy, timeline) = try Self.demoTimeline()
        let signal = try #require(SignalChartSVG.signals(in: timeline, bands: policy.content.bands).first)
        // One element a line, so a change reads as a diff.
        let svg = SignalChartSVG.render(signal).replacingOccurrences(of: "><", with: ">\n<")
        Golden.check(svg + "\n", "report/plavo-monstera-moisture.svg", asJSON: false)
    }

    /// Folded or not, every entry is one row of the table.
    @Test func everyEntryIsOneRowEvenInsideAFold() throws {
        let (document, _, timeline) = try Self.demoTimeline()
        let html = ReportRenderer.render(document, timeline: timeline)
        let rows = html.components(separatedBy: "<tr class=\"timeline-").count - 1
        let folds = html.components(separatedBy: "<tr class=\"timeline-run\"").count - 1
        #expect(rows - folds == timeline.count)
        #expect(folds > 0)
        #expect(html.contains("<summary>22 × silent, same band, 83.75–104.75 s"))
        #expect(!html.contains("same-band: same-band"))
    }

    /// Issue 25: any run of silences between plays folds, whatever it mixes (before, only
    /// identical silences did, and two signals sampled in turn never folded); a mixed
    /// run counts its silences per reason.
    @Test func everyRunOfSilencesBetweenPlaysFolds() {
        func silent(_ t: Double, _ detail: String = "same band", _ event: String = "moisture.sample")
            -> ReportTimelineEntry
        {
            ReportTimelineEntry(time: t, event: event, screen: "camera", kind: .silent, detail: detail)
        }
        let play = { (t: Double) in
            ReportTimelineEntry(time: t, event: "moisture.sample", kind: .play, detail: "soil.dry", rang: "soil.dry")
        }
        let entries = [
            silent(1), silent(2), silent(3), silent(4), play(4.5),
            silent(5, "same band", "light.sample"), silent(6), silent(7, "other"),
            silent(8, "same band", "light.sample"),
            play(9), silent(10), silent(11), play(12),
        ]
        #expect(
            ReportSessionSection.stretches(entries) == [
                .run(0..<4), .single(4), .run(5..<9), .single(9), .single(10), .single(11), .single(12),
            ])
        #expect(ReportSessionSection.foldedRunLength == 3)
        let html = ReportRenderer.render(try! Shipped.policy("plavo"), timeline: entries)
        #expect(
            html.contains(
                "<summary>4 × silent, same band, 1–4 s <span class=\"muted\">moisture.sample on camera</span></summary>"
            ))
        #expect(
            html.contains(
                "<summary>4 × silent, 5–8 s: 3 same band, 1 other <span class=\"muted\">light.sample, moisture.sample on camera</span></summary>"
            ))
    }

    /// Issue 25's busy timeline: five minutes of pace and heart samples, one a second each
    /// (`Tests/Fixtures/report/stride-ride.yaml`, simulated into the log next to it), were
    /// 598 rows, 591 of them "same band"; now the table shows a handful, every entry still
    /// a row inside its fold. The top-level rows are golden.
    @Test func aBusyRideFoldsToAHandfulOfRows() throws {
        let document = try Shipped.policy("stride")
        let policy = try Policy(compiling: document)
        let log = try #require(
            FileManager.default.contents(
                atPath: Shipped.root.appendingPathComponent("Tests/Fixtures/report/stride-ride.jsonl").path))
        let timeline = ReportTimelineEntry.session(policy: policy, log: Array(log))
        #expect(timeline.count == 598)
        #expect(timeline.count { $0.kind == .silent && $0.detail == "same band" } > 450)
        let html = ReportRenderer.render(document, timeline: timeline)
        let start = try #require(html.range(of: "<table class=\"timeline\">"))
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        var table = String(html[start.lowerBound..<end.lowerBound])
        let rows = table.components(separatedBy: "<tr class=\"timeline-").count - 1
        let folds = table.components(separatedBy: "<tr class=\"timeline-run\"").count - 1
        #expect(rows - folds == timeline.count)
        // What a reader sees before opening a fold: each folded table left out.
        while let open = table.range(of: "<table class=\"timeline timeline-folded\">"),
            let close = table.range(of: "</table>\n", range: open.upperBound..<table.endIndex)
        {
            table.replaceSubrange(open.lowerBound..<close.upperBound, with: "…\n")
        }
        let shown = table.components(separatedBy: "<tr class=\"timeline-").count - 1
        #expect(shown <= 10, "\(shown) rows")
        Golden.check(table, "report/stride-ride.timeline.html", asJSON: false)
    }

    /// The navigator's demo ride (`Policies/logs/ride-demo.jsonl`, issue 23): 580 lines,
    /// nearly all of them turn distances in the same band, fold to the cues, the search
    /// and the warnings. The top-level rows are golden.
    @Test func theNavigatorsDemoRideFoldsToItsCues() throws {
        let document = try Shipped.policy("ride")
        let policy = try Policy(compiling: document)
        let log = try #require(
            FileManager.default.contents(
                atPath: Shipped.root.appendingPathComponent("Policies/logs/ride-demo.jsonl").path))
        let timeline = ReportTimelineEntry.session(policy: policy, log: Array(log))
        // 580 lines, a few of them rows that stop a loop as well (an entry each).
        #expect((580...590).contains(timeline.count), "\(timeline.count)")
        #expect(timeline.count { $0.kind == .silent && $0.detail == "same band" } > 400)
        let html = ReportRenderer.render(document, timeline: timeline)
        let start = try #require(html.range(of: "<table class=\"timeline\">"))
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        var table = String(html[start.lowerBound..<end.lowerBound])
        let rows = table.components(separatedBy: "<tr class=\"timeline-").count - 1
        let folds = table.components(separatedBy: "<tr class=\"timeline-run\"").count - 1
        #expect(rows - folds == timeline.count)
        while let open = table.range(of: "<table class=\"timeline timeline-folded\">"),
            let close = table.range(of: "</table>\n", range: open.upperBound..<table.endIndex)
        {
            table.replaceSubrange(open.lowerBound..<close.upperBound, with: "…\n")
        }
        #expect(table.contains("turn.now"))
        Golden.check(table, "report/ride-demo.timeline.html", asJSON: false)
    }

    @Test func ringsInsideABrokenBudgetsWindowAreMarked() throws {
        let entries = [
            ReportTimelineEntry(time: 0.5, event: "shutter", kind: .play, detail: "tap", rang: "tap"),
            ReportTimelineEntry(time: 1, event: "shutter", kind: .play, detail: "tap", rang: "tap"),
            ReportTimelineEntry(time: 2, event: "shutter", kind: .silent, detail: "quiet"),
            ReportTimelineEntry(time: 3, event: "shutter", kind: .play, detail: "tap", rang: "tap"),
            ReportTimelineEntry(
                time: 3, event: "shutter", kind: .budget, detail: "2 rings in 2 s, over the budget of 1",
                cites: ["B-1"],
                window: 2),
        ]
        let html = ReportRenderer.render(try Shipped.policy("plavo"), timeline: entries)
        let marked = Self.matches(#"<tr class="timeline-play in-budget-window"[^>]*><td>([^<]*)</td>"#, in: html)
        #expect(marked.map { $0[0] } == ["1 s", "3 s"])
        #expect(html.contains("title=\"within the window that broke B-1 (window 1–3 s)\""))
        #expect(html.contains("(window 1–3 s)</span>"))
    }

    @Test func theBudgetMeterGivesEachBreachItsWindow() throws {
        let (_, policy, _) = try Self.demoTimeline()
        let burst = (0..<8).map { "{\"t\":\(300 + $0),\"event\":\"shutter\"}\n" }.joined()
        let log = "{\"t\":299,\"event\":\"screen.enter\",\"screen\":\"camera\"}\n" + burst
        let breaches = ReportTimelineEntry.session(policy: policy, log: Array(log.utf8)).filter { $0.kind == .budget }
        #expect(!breaches.isEmpty)
        #expect(breaches.allSatisfy { $0.window == 10 && $0.cites == ["B-1"] })
    }

    @Test func numbersAreRoundedForPeople() throws {
        #expect(ReportNumber.duration(60.0 / 170) == "352.9 ms")
        #expect(ReportNumber.duration(0.2) == "200 ms")
        #expect(ReportNumber.duration(19) == "19 s")
        #expect(ReportNumber.duration(1.23456) == "1.23 s")
        #expect(ReportNumber.duration(0) == "0 s")
        #expect(ReportNumber.amount(0.35294117647058826) == "0.35")
        #expect(ReportNumber.amount(25, unit: "%") == "25 %")
        #expect(ReportNumber.span(25.31, 82.7) == "25.31–82.7 s")

        let html = ReportRenderer.render(try Shipped.policy("metronome"), parameters: ["bpm": 170])
        #expect(html.contains("repeats every 352.9 ms until stopped"))
        let (document, _, timeline) = try Self.demoTimeline()
        for page in [html, ReportRenderer.render(document, timeline: timeline)] {
            // What a reader sees: text between tags, and the hover titles.
            let text = page.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
            #expect(
                Self.matches(#"([0-9]+\.[0-9]{3,})"#, in: text).isEmpty,
                "\(Self.matches(#"([0-9]+\.[0-9]{3,})"#, in: text).prefix(3))")
        }
    }

    @Test func bandsSectionShowsEveryLevelWithItsFeedback() throws {
        let html = ReportRenderer.render(try Shipped.policy("plavo"))
        let section = try #require(Self.matches(#"(<section id="bands">.*?</section>)"#, in: html).first?.first)
        #expect(section.components(separatedBy: "<tr class=\"level\">").count - 1 == 6)
        for text in [
            "<dt>edges</dt><dd>10 %, 25 %, 40 %, 60 %, 80 %</dd>", "<dt>hysteresis</dt><dd>1.5 %: ",
            "<dt>used by</dt><dd>camera: moisture.sample</dd>", "<td>below 10 %</td>", "<td>10–25 %</td>",
            "<td>80 % and above</td>", "<td>up at 26.5 %, down below 8.5 %</td>", "<td>down below 78.5 %</td>",
            "play soil.dry</span>",
        ] {
            #expect(section.contains(text), "\(text)")
        }
        #expect(section.components(separatedBy: "<svg class=\"waveform thumbnail\"").count - 1 == 6)
        #expect(section.contains("id=\"hatch-thumb-soil_parched\""), "thumbnails have ids of their own")
        #expect(
            ReportRenderer.render(try Shipped.policy("breathing")).contains(
                "<section id=\"bands\">\n<h2>Bands</h2>\n<p class=\"muted\">This policy declares no bands.</p>"))
    }

    @Test func fontStackFindsThePlatformsCJKFonts() {
        for family in ["system-ui", "\"Hiragino Sans\"", "\"Noto Sans CJK JP\"", "\"Yu Gothic\"", "sans-serif"] {
            #expect(ReportRenderer.fontStack.contains(family))
        }
        #expect(ReportRenderer.style.contains("--font: \(ReportRenderer.fontStack);"))
        #expect(ReportRenderer.style.contains("body { font: 15px/1.45 var(--font);"))
        #expect(ReportRenderer.style.contains("svg text { font-family: var(--font); }"))
    }
}
