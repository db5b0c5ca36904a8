import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay

/// Renders a policy as one self-contained HTML page for designers: the per-screen
/// decision table (play / silent with reasons, cited invariants, layers marked), a
/// waveform per custom pattern with a "feel it" button, the preset mappings, and
/// optionally a session timeline. No network access and no external assets: styles and
/// the one script are inline, and a Content-Security-Policy forbids anything else.
/// Every designer-written string is escaped.
package enum ReportRenderer {
    /// The page's only script: "feel it" buttons, plus render checks the browser test reads
    /// (waveforms and ring markers with a non-empty box).
    package static let script = """
        (function () {
          var errors = 0;
          window.addEventListener('error', function () { errors += 1; document.body.setAttribute('data-errors', String(errors)); });
          var buttons = document.querySelectorAll('button[data-vibrate]');
          for (var i = 0; i < buttons.length; i++) {
            buttons[i].addEventListener('click', function (event) {
              var button = event.currentTarget;
              var pattern = JSON.parse(button.getAttribute('data-vibrate'));
              var status = button.parentNode.querySelector('.feel-status');
              if ('vibrate' in navigator) {
                navigator.vibrate(pattern);
                if (status) { status.textContent = 'playing ' + pattern.length + ' steps'; }
              } else if (status) {
                status.textContent = 'this browser cannot vibrate; try Chrome on an Android phone';
              }
            });
          }
          var drawn = 0, svgs = document.querySelectorAll('svg.waveform');
          for (var j = 0; j < svgs.length; j++) {
            var box = svgs[j].getBBox();
            if (box.width > 0 && box.height > 0) { drawn += 1; }
          }
          document.body.setAttribute('data-svgs-rendered', String(drawn));
          var rings = 0, markers = document.querySelectorAll('svg.signal g.ring');
          for (var k = 0; k < markers.length; k++) {
            var ring = markers[k].getBBox();
            if (ring.width > 0 && ring.height > 0) { rings += 1; }
          }
          document.body.setAttribute('data-rings-rendered', String(rings));
          document.body.setAttribute('data-ready', 'yes');
        })();
        """

    /// The page's font stack: the platform's UI font, then the CJK fonts of macOS,
    /// Linux (Noto CJK, Debian's `fonts-noto-cjk`) and Windows, so Japanese reasons never
    /// render as boxes where one of them is installed.
    package static let fontStack =
        #"system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic", Meiryo, sans-serif"#

    /// The page's style sheet.
    package static let style = """
        :root { --font: \(fontStack); --ui: #1d5fa8; --ui-bg: #e6f0fb; --creature: #2f7d32; --creature-bg: #e8f5e9; --silent: #6b7280; --ink: #1f2933; }
        body { font: 15px/1.45 var(--font); color: var(--ink); margin: 0 auto; max-width: 1100px; padding: 1.5rem; }
        svg text { font-family: var(--font); }
        h1 { margin-bottom: 0.2rem; } h2 { border-bottom: 2px solid #e3e7ec; padding-bottom: 0.3rem; margin-top: 2.2rem; }
        nav a { margin-right: 1rem; }
        table { border-collapse: collapse; width: 100%; margin: 0.6rem 0 1.4rem; }
        th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.55rem; border-bottom: 1px solid #e3e7ec; }
        th { background: #f5f7fa; font-weight: 600; }
        .layer { display: inline-block; font-size: 0.75rem; font-weight: 700; padding: 0.05rem 0.45rem; border-radius: 0.6rem; text-transform: uppercase; letter-spacing: 0.03em; }
        .layer-ui .layer, .layer.layer-ui { color: var(--ui); background: var(--ui-bg); border: 1px solid var(--ui); }
        .layer-creature .layer, .layer.layer-creature { color: var(--creature); background: var(--creature-bg); border: 1px solid var(--creature); }
        tr.layer-ui td:first-child { border-left: 4px solid var(--ui); }
        tr.layer-creature td:first-child { border-left: 4px solid var(--creature); }
        .decision-play { font-weight: 600; }
        .decision-silent { color: var(--silent); font-style: italic; }
        .decision-gap { color: #b42318; font-weight: 700; }
        .cite { white-space: nowrap; display: inline-block; font-family: ui-monospace, monospace; font-size: 0.8rem; background: #fff4e5; border: 1px solid #f0b45b; border-radius: 0.3rem; padding: 0 0.3rem; margin-right: 0.2rem; }
        .pattern { border: 1px solid #e3e7ec; border-radius: 0.6rem; padding: 0.8rem 1rem; margin: 1rem 0; }
        .pattern svg { max-width: 100%; height: auto; background: #fbfcfd; border-radius: 0.4rem; }
        .legend span { margin-right: 1rem; font-size: 0.85rem; }
        .swatch { display: inline-block; width: 0.9rem; height: 0.9rem; vertical-align: middle; margin-right: 0.25rem; border-radius: 0.2rem; }
        button.feel { font: inherit; padding: 0.3rem 0.9rem; border-radius: 0.4rem; border: 1px solid var(--creature); background: var(--creature-bg); cursor: pointer; }
        .feel-status { margin-left: 0.6rem; color: var(--silent); font-size: 0.85rem; }
        .timeline-play td:nth-child(4) { color: var(--creature); font-weight: 600; }
        .timeline-silent td:nth-child(4) { color: var(--silent); font-style: italic; }
        .timeline-budget td { background: #fdecea; }
        .timeline-background td { background: #f3f4f6; }
        .muted { color: var(--silent); }
        .timeline td:nth-child(4) { font-variant-numeric: tabular-nums; white-space: nowrap; }
        .timeline-run > td { background: #f8f9fb; color: var(--silent); }
        .timeline-run summary { cursor: pointer; font-style: italic; }
        .timeline-folded { margin: 0.4rem 0 0.2rem; }
        tr.in-budget-window td:first-child { box-shadow: inset 4px 0 0 #b42318; }
        figure.signal { margin: 1rem 0 1.6rem; }
        figure.signal figcaption { font-weight: 600; margin-bottom: 0.3rem; }
        figure.signal svg { max-width: 100%; height: auto; background: #fbfcfd; border-radius: 0.4rem; }
        .band { border: 1px solid #e3e7ec; border-radius: 0.6rem; padding: 0.8rem 1rem; margin: 1rem 0; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 0.9rem; margin: 0.4rem 0 0.6rem; }
        dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; }
        table.levels svg.thumbnail { display: block; background: #fbfcfd; border-radius: 0.3rem; }
        """

    /// The whole page. `timeline` adds the session section; `timelineNote` explains its
    /// absence (for example when no evaluator is available). `table` is the policy's
    /// decision table with what only its source says (a budget's reasons, its
    /// acknowledged warnings: `DecisionTable(_:budgetNotes:)`); by default
    /// the table of the compiled policy alone.
    package static func render(
        _ policy: Policy, table: DecisionTable? = nil, parameters: [String: Double] = [:],
        timeline: [ReportTimelineEntry]? = nil, timelineNote: String? = nil
    ) -> String {
        let table = table ?? DecisionTable(policy)
        let (patterns, problems) = ExportablePattern.all(in: policy, parameters: parameters)
        let content = policy.content
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src '\(scriptHash)'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Haptic policy: \(htmlEscaped(policy.name))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header id="summary">
            <h1>Haptic policy <q>\(htmlEscaped(policy.name))</q></h1>

            """
        if let description = content.description { html += "<p>\(htmlEscaped(description))</p>\n" }
        let layers: String
        if let declared = content.layers {
            layers = declared.map { layer in
                let says = [layer.plays.map { "plays \($0.rawValue)" }, layer.note.map(htmlEscaped)]
                    .compactMap { $0 }.joined(separator: ", ")
                return layerBadge(layer.name.rawValue, classes: "layer ") + (says.isEmpty ? "" : " " + says)
            }.joined(separator: "; ")
        } else {
            layers =
                "<span class=\"layer layer-ui\">ui</span> system vocabulary, <span class=\"layer layer-creature\">creature</span> custom waveforms"
        }
        html +=
            "<p class=\"muted\">\(table.screens.count) screens, \(content.events.count) events, \(content.bands.count) band sets, \(patterns.count) custom patterns. Layers: \(layers).</p>\n"
        html +=
            "<nav><a href=\"#screens\">Decisions</a><a href=\"#bands\">Bands</a><a href=\"#invariants\">Invariants</a><a href=\"#patterns\">Waveforms</a><a href=\"#presets\">Presets</a>"
        html += timeline != nil || timelineNote != nil ? "<a href=\"#timeline\">Session</a>" : ""
        html += "</nav>\n</header>\n"

        // Decisions.
        html += "<section id=\"screens\">\n<h2>Decisions per screen</h2>\n"
        for screen in table.screens {
            html += "<h3 id=\"\(htmlToken("screen", screen.name))\">\(htmlEscaped(screen.name))</h3>\n"
            if !screen.onEnter.isEmpty {
                html += "<p class=\"muted\">On enter: \(screen.onEnter.map(htmlEscaped).joined(separator: ", "))</p>\n"
            }
            if let note = screen.note { html += "<p class=\"muted\">\(htmlEscaped(note))</p>\n" }
            html +=
                "<table class=\"decisions\" data-screen=\"\(htmlAttribute(screen.name))\">\n<thead><tr><th>Event</th><th>Layer</th><th>When</th><th>Decision</th><th>Cites</th><th>Note</th></tr></thead>\n<tbody>\n"
            for cell in screen.cells {
                if cell.rows.isEmpty {
                    let layer = cell.eventLayer?.rawValue ?? "unknown"
                    html +=
                        "<tr class=\"\(htmlToken("layer", layer)) decision-row\"><td>\(htmlEscaped(cell.event))</td><td>\(layerBadge(layer))</td><td></td><td class=\"decision-gap\">undecided: add a row or a silence with its reason</td><td></td><td></td></tr>\n"
                }
                for (index, row) in cell.rows.enumerated() {
                    let layer = (row.layer ?? cell.eventLayer)?.rawValue ?? "unknown"
                    let event =
                        index == 0
                        ? htmlEscaped(cell.event)
                            + (cell.origin == .everywhere ? " <span class=\"muted\">(everywhere)</span>" : "")
                            + (cell.origin == .otherwise
                                ? " <span class=\"muted\">(the screen's default)</span>" : "") : ""
                    html +=
                        "<tr class=\"\(htmlToken("layer", layer)) decision-row\"><td>\(event)</td><td>\(layerBadge(layer))</td>"
                    html += "<td>\(htmlEscaped(row.condition ?? (cell.rows.count > 1 ? "otherwise" : "")))</td>"
                    html += "<td class=\"decision-\(row.action.rawValue)\">\(decision(row))</td>"
                    html +=
                        "<td>\(row.cites.map { id in "<span class=\"cite\" title=\"\(htmlAttribute(table.invariants[id] ?? ""))\">\(htmlEscaped(id))</span>" }.joined())</td>"
                    let note = [row.note, cell.endsSubject ? DecisionTable.Cell.endsSubjectText : nil].compactMap { $0 }
                    html += "<td>\(note.map(htmlEscaped).joined(separator: "; "))</td></tr>\n"
                }
            }
            html += "</tbody>\n</table>\n"
        }
        html += "</section>\n"

        html += ReportBandsSection.render(
            content: content, table: table,
            patterns: Dictionary(patterns.map { ($0.name, $0.pattern) }, uniquingKeysWith: { first, _ in first }))

        // User levels, only for a policy that has them (other reports stay as they were).
        if !table.userLevels.isEmpty {
            html +=
                "<section id=\"user-levels\">\n<h2>User levels</h2>\n<p>Picked by <code>\(htmlEscaped(table.userLevelEvent ?? ""))</code>; starts at <code>\(htmlEscaped(table.startLevel ?? ""))</code>. A play the level does not keep is silent (<code>user-level</code>).</p>\n<table class=\"user-levels\">\n<thead><tr><th>Level</th><th>Keeps</th><th>Rings</th><th>Silenced</th><th>Note</th></tr></thead>\n<tbody>\n"
            for level in table.userLevels {
                let rings =
                    level.silences.isEmpty
                    ? "every play" : level.rings.isEmpty ? "none" : level.rings.joined(separator: ", ")
                html +=
                    "<tr><td>\(htmlEscaped(level.name))</td><td>\(htmlEscaped(level.keeps))</td><td>\(htmlEscaped(rings))</td><td>\(htmlEscaped(level.silences.joined(separator: ", ")))</td><td>\(htmlEscaped(level.note ?? ""))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n</section>\n"
        }

        // Background, only for a policy that keeps something there.
        if let background = table.background {
            let rings = background.rings.isEmpty ? "none" : background.rings.joined(separator: ", ")
            html +=
                "<section id=\"background\">\n<h2>Background</h2>\n<p>With the app in background, the plays <code>background:</code> keeps go on (a pattern plays its fallback: the engine is stopped); the others are silent (<code>background</code>).</p>\n<table class=\"background\">\n<thead><tr><th>Keeps</th><th>Rings</th><th>Silenced</th><th>Note</th></tr></thead>\n<tbody>\n"
            html +=
                "<tr><td>\(htmlEscaped(background.keeps))</td><td>\(htmlEscaped(rings))</td><td>\(htmlEscaped(background.silences.joined(separator: ", ")))</td><td>\(htmlEscaped(background.note ?? ""))</td></tr>\n"
            html += "</tbody>\n</table>\n</section>\n"
        }

        // Priorities, only for a policy that gives some (other reports stay as they were).
        if !table.priorities.isEmpty {
            html +=
                "<section id=\"priorities\">\n<h2>Priorities</h2>\n<p>A play cuts what still plays at a lower priority; below a higher one it is silent (<code>outranked</code>). The rest are normal.</p>\n<table class=\"priorities\">\n<thead><tr><th>Feedback</th><th>Priority</th></tr></thead>\n<tbody>\n"
            for entry in table.priorities {
                html +=
                    "<tr><td>\(htmlEscaped(entry.feedback))</td><td>\(entry.priority.rawValue)</td></tr>\n"
            }
            html += "</tbody>\n</table>\n</section>\n"
        }

        // Budgets, only for a policy that declares some.
        if !table.budgets.isEmpty {
            html +=
                "<section id=\"budgets\">\n<h2>Budgets</h2>\n<p>Rings counted in a sliding window. Over an enforced budget a ring is silent (<code>over-budget</code>); over the others it plays and the breach is reported.</p>\n<table class=\"budgets\">\n<thead><tr><th>Budget</th><th>Counts</th><th>Max</th><th>Decides</th><th>Except</th><th>Acknowledged</th></tr></thead>\n<tbody>\n"
            for budget in table.budgets {
                html +=
                    "<tr><td><span class=\"cite\">\(htmlEscaped(budget.id))</span></td><td>\(htmlEscaped(budget.scope.text))</td><td>\(htmlEscaped(budget.limitText))</td><td>\(htmlEscaped(budget.decisionText))</td>"
                html +=
                    "<td>\(budget.exceptions.map { htmlEscaped($0.text) }.joined(separator: "<br>"))</td><td>\(budget.acknowledged.map { htmlEscaped($0.text) }.joined(separator: "<br>"))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n</section>\n"
        }

        // Invariants.
        html +=
            "<section id=\"invariants\">\n<h2>Invariants</h2>\n<table class=\"invariants\">\n<thead><tr><th>Id</th><th>Rule</th><th>Says</th><th>Exceptions</th></tr></thead>\n<tbody>\n"
        for invariant in content.invariants {
            let presets = invariant.presets.map(\.rawValue).joined(separator: ", ")
            html +=
                "<tr><td><span class=\"cite\">\(htmlEscaped(invariant.id))</span></td><td>\(htmlEscaped(invariant.kind.rawValue))\(presets.isEmpty ? "" : ": " + htmlEscaped(presets))</td>"
            html +=
                "<td>\(htmlEscaped(invariant.text ?? ""))</td><td>\(invariant.exceptions.map { htmlEscaped($0.event) + ": " + htmlEscaped($0.reason) }.joined(separator: "<br>"))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"

        // Waveforms.
        html += "<section id=\"patterns\">\n<h2>Custom waveforms</h2>\n"
        html +=
            "<p class=\"legend\"><span><span class=\"swatch\" style=\"background:\(WaveformSVG.colour(0))\"></span>round (sharpness 0)</span><span><span class=\"swatch\" style=\"background:\(WaveformSVG.colour(1))\"></span>sharp (sharpness 1)</span><span>filled height = intensity</span><span>dashed line = sharpness</span><span>hatched = silence on purpose</span><span>purple line = loop point</span></p>\n"
        for problem in problems {
            html += "<p class=\"decision-gap\">\(htmlEscaped(problem.code)): \(htmlEscaped(problem.message))</p>\n"
        }
        for item in patterns {
            let web = WebExporter.vibration(item.pattern)
            html +=
                "<article class=\"pattern \(htmlToken("layer", item.feedback.layer.rawValue))\" id=\"\(htmlToken("pattern", item.name))\">\n"
            html += "<h3>\(htmlEscaped(item.name)) \(layerBadge(item.feedback.layer.rawValue))</h3>\n"
            if let note = item.feedback.note { html += "<p>\(htmlEscaped(note))</p>\n" }
            html += WaveformSVG.render(item.pattern, name: item.name) + "\n"
            var facts = ["length \(ReportNumber.duration(item.pattern.length))"]
            if let loop = item.pattern.loop {
                facts.append("repeats every \(ReportNumber.duration(loop)) until stopped")
            }
            if !item.pattern.parameters.isEmpty {
                facts.append(
                    "parameters "
                        + item.pattern.parameters.sorted { $0.key < $1.key }.map {
                            "\($0.key) = \(ReportNumber.amount($0.value))"
                        }.joined(separator: ", "))
            }
            facts.append("fallback: " + fallbackText(item.feedback.fallback))
            html += "<p class=\"muted\">\(facts.map(htmlEscaped).joined(separator: " · "))</p>\n"
            let array = web.pattern.map(String.init).joined(separator: ",")
            html +=
                "<p><button type=\"button\" class=\"feel\" data-vibrate=\"[\(array)]\">Feel it</button><span class=\"feel-status\">\(web.truncated ? "shortened to fit the browser's limits" : "")</span></p>\n"
            html += "</article>\n"
        }
        html += "</section>\n"

        // Presets.
        html +=
            "<section id=\"presets\">\n<h2>Presets on each platform</h2>\n<table class=\"presets\">\n<thead><tr><th>Name</th><th>Layer</th><th>iOS</th><th>Android composition</th><th>Android fallback</th><th>Web</th></tr></thead>\n<tbody>\n"
        for feedback in content.feedback {
            guard case .preset(let preset, let intensity) = feedback.body else { continue }
            let mapping = PresetMapping.of(preset, intensity: intensity)
            let layer = feedback.layer.rawValue
            let composition = mapping.primitives.map {
                "\($0.name) × \(ReportNumber.amount($0.scale))\($0.delayMs > 0 ? " +\($0.delayMs) ms" : "")"
            }.joined(separator: ", ")
            html +=
                "<tr class=\"\(htmlToken("layer", layer))\"><td>\(htmlEscaped(feedback.name))</td><td>\(layerBadge(layer))</td>"
            html +=
                "<td>\(htmlEscaped(preset.rawValue))\(intensity.map { " at " + ReportNumber.amount($0) } ?? "")</td><td>\(htmlEscaped(composition))</td>"
            html +=
                "<td>\(htmlEscaped(mapping.predefined))</td><td>[\(mapping.web.map(String.init).joined(separator: ", "))]</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"

        // Session timeline.
        if let timeline {
            html += ReportSessionSection.render(timeline, bands: content.bands, parameters: content.parameters ?? [])
        } else if let timelineNote {
            html +=
                "<section id=\"timeline\">\n<h2>Session</h2>\n<p class=\"muted\">\(htmlEscaped(timelineNote))</p>\n</section>\n"
        }

        html += "<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    /// The CSP source for the inline script (`sha256-…`).
    package static var scriptHash: String {
        var hasher = SHA256()
        hasher.update(Array(script.utf8))
        return "sha256-" + Data(hasher.finalize()).base64EncodedString()
    }

    private static func decision(_ row: DecisionTable.Row) -> String {
        var text: String
        switch row.action {
        case .play: text = "play " + htmlEscaped(row.target ?? "?")
        case .band: text = "band " + htmlEscaped(row.target ?? "?") + " (rings on change)"
        case .silent: text = "silent: " + htmlEscaped(row.reason ?? "")
        case .stop: text = "stop " + htmlEscaped(row.target ?? "?")
        case .directive: text = "directives only"
        case .loop: text = "loop " + htmlEscaped(row.target ?? "?")
        }
        if let steps = row.stepsText { text = htmlEscaped(steps) }
        if !row.directives.isEmpty {
            text += " <span class=\"muted\">[\(row.directives.map(htmlEscaped).joined(separator: ", "))]</span>"
        }
        return text
    }

    private static func fallbackText(_ fallback: FeedbackPlan.Fallback?) -> String {
        switch fallback {
        case nil: "unspecified"
        case .none?: "none (skip silently)"
        case .preset(let step)?: step.name
        case .sequence(let steps)?: "sequence " + steps.map { "\($0.name) at \($0.at)" }.joined(separator: ", ")
        }
    }
}
