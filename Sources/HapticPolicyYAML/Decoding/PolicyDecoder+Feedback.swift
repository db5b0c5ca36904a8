import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

extension PolicyDecoder {
    /// A named feedback: a preset or a custom pattern.
    mutating func feedback(named name: Located<String>, _ node: YAMLNode) -> FeedbackDecl? {
        let what = "feedback '\(name.value)'"
        guard
            let fields = fields(
                node, of: what,
                keys: ["layer", "preset", "pattern", "intensity", "fallback", "note", "platforms", "priority"],
                required: ["layer"], owner: name.location, acknowledges: true)
        else { return nil }
        let layer = fields["layer"].flatMap { self.layer($0) }
        let note = self.note(fields["note"])
        let priority = fields["priority"].flatMap { choice($0, for: "priority", what: "priority", as: Priority.self) }
        var body: FeedbackDecl.Body?
        switch exclusive(
            fields, ["preset", "pattern"], advice: "keep one: a feedback is either a system preset or a custom pattern")
        {
        case let entry? where entry.name == "preset":
            if let preset = choice(entry.value, for: "preset", what: "preset", as: Preset.self) {
                let intensity = fields["intensity"].flatMap { number($0, for: "intensity") }
                body = .preset(preset, intensity: intensity)
            }
            notAllowed(fields, "fallback", because: "only custom patterns fall back; a preset is the fallback")
        case let entry?:
            body = pattern(entry.value).map(FeedbackDecl.Body.pattern)
            notAllowed(fields, "intensity", because: "a pattern sets 'intensity' on each of its events")
        case nil:
            missingOneOf(
                ["preset", "pattern"], of: fields, in: what, at: name.location,
                advice: "add one, for example 'preset: impact.light'")
        }
        let fallbackDecl = fields["fallback"].flatMap { self.fallback($0) }
        var platforms: [PlatformOverride] = []
        if let node = fields["platforms"], let entries = namedEntries(node, for: "platforms") {
            for entry in entries {
                let key = YAMLNode(.scalar(entry.name.value, .plain), at: entry.name.location)
                guard let platform = choice(key, for: "platforms", what: "platform", as: Platform.self) else {
                    continue
                }
                if platforms.contains(where: { $0.platform.value == platform.value }) { continue }  // HP006 already
                if let override = platformOverride(platform, entry.value, base: body, of: what) {
                    platforms.append(override)
                }
            }
        }
        guard let layer, let body else { return nil }
        return FeedbackDecl(
            name: name, layer: layer, body: body, fallback: fallbackDecl, note: note, platforms: platforms,
            location: name.location, priority: priority)
    }

    /// One platform's override: `preset` or `pattern`, `intensity` (of a preset) and
    /// `fallback` (of a pattern), each replacing the feedback's own.
    private mutating func platformOverride(
        _ platform: Located<Platform>, _ node: YAMLNode, base: FeedbackDecl.Body?, of what: String
    ) -> PlatformOverride? {
        let place = "\(what) on \(platform.value.rawValue)"
        guard
            let fields = fields(
                node, of: place, keys: ["preset", "pattern", "intensity", "fallback", "priority"], required: [],
                owner: platform.location)
        else { return nil }
        if let node = fields["priority"] { report(PriorityCodes.priorityOnPlatform(node.location, of: what)) }
        var body: FeedbackDecl.Body?
        switch exclusive(fields, ["preset", "pattern"], advice: "keep one: the platform plays a preset or a pattern") {
        case let entry? where entry.name == "preset":
            body = choice(entry.value, for: "preset", what: "preset", as: Preset.self).map {
                .preset($0, intensity: nil)
            }
        case let entry?:
            body = pattern(entry.value).map(FeedbackDecl.Body.pattern)
        case nil:
            break
        }
        let playsPattern: Bool
        switch body ?? base {
        case .pattern?: playsPattern = true
        case .preset?: playsPattern = false
        case nil: return nil
        }
        if playsPattern {
            notAllowed(fields, "intensity", because: "a pattern sets 'intensity' on each of its events")
        } else {
            notAllowed(fields, "fallback", because: "only custom patterns fall back; a preset is the fallback")
        }
        let intensity = playsPattern ? nil : fields["intensity"].flatMap { number($0, for: "intensity") }
        let fallback = playsPattern ? fields["fallback"].flatMap { self.fallback($0) } : nil
        return PlatformOverride(platform: platform, body: body, intensity: intensity, fallback: fallback)
    }

    private mutating func fallback(_ node: YAMLNode) -> FallbackDecl? {
        if node.pairs != nil {
            guard let fields = fields(node, of: "a fallback", keys: ["sequence"], required: ["sequence"]),
                let sequence = fields["sequence"], let items = list(sequence, for: "sequence")
            else { return nil }
            let steps = items.compactMap { item -> SequenceStep? in
                guard
                    let step = self.fields(
                        item, of: "a fallback step", keys: ["at", "play"], required: ["at", "play"])
                else { return nil }
                let at = step["at"].flatMap { expression($0, for: "at") }
                let target = step["play"].flatMap { text($0, for: "play") }
                guard let at, let target else { return nil }
                return SequenceStep(at: at, target: target)
            }
            return .sequence(steps, location: node.location)
        }
        guard let target = text(node, for: "fallback") else { return nil }
        if target.value == "none", case .scalar(_, .plain) = node.content { return FallbackDecl.none(node.location) }
        return .target(target)
    }

    private mutating func pattern(_ node: YAMLNode) -> PatternDecl? {
        guard
            let fields = fields(
                node, of: "a pattern", keys: ["params", "events", "loop"], required: ["events"], valueOf: "pattern")
        else { return nil }
        var parameters: [TemplateParameter] = []
        if let node = fields["params"], let entries = namedEntries(node, for: "params") {
            parameters = entries.compactMap { parameter(named: $0.name, $0.value) }
        }
        templateParameters = Set(parameters.map(\.name.value))
        defer { templateParameters = [] }
        let loop = fields["loop"].flatMap { expression($0, for: "loop") }
        guard let eventsNode = fields["events"], let items = list(eventsNode, for: "events") else { return nil }
        let events = items.compactMap { patternEvent($0) }
        guard events.count == items.count else { return nil }
        return PatternDecl(parameters: parameters, events: events, loop: loop, location: node.location)
    }

    private mutating func parameter(named name: Located<String>, _ node: YAMLNode) -> TemplateParameter? {
        guard
            let fields = fields(
                node, of: "parameter '\(name.value)'", keys: ["default", "min", "max", "unit"], required: ["default"],
                owner: name.location)
        else { return nil }
        if let constant = constants[name.value] { report(Self.shadowsConstant(name, constant: constant)) }
        let defaultValue = fields["default"].flatMap { number($0, for: "default") }
        let minimum = fields["min"].flatMap { number($0, for: "min") }
        let maximum = fields["max"].flatMap { number($0, for: "max") }
        let unit = note(fields["unit"], for: "unit")
        guard let defaultValue else { return nil }
        return TemplateParameter(name: name, defaultValue: defaultValue, minimum: minimum, maximum: maximum, unit: unit)
    }

    private mutating func patternEvent(_ node: YAMLNode) -> PatternEventDecl? {
        guard
            let fields = fields(
                node, of: "a pattern event",
                keys: [
                    "type", "time", "duration", "intensity", "sharpness", "curves", "sound", "volume", "pitch", "note",
                ],
                required: ["type", "time"])
        else { return nil }
        let kind = fields["type"].flatMap {
            choice($0, for: "type", what: "pattern event type", as: PatternEventDecl.Kind.self)
        }
        let time = fields["time"].flatMap { expression($0, for: "time") }
        let duration = fields["duration"].flatMap { expression($0, for: "duration") }
        let intensity = fields["intensity"].flatMap { expression($0, for: "intensity") }
        let sharpness = fields["sharpness"].flatMap { expression($0, for: "sharpness") }
        let sound = fields["sound"].flatMap { text($0, for: "sound") }
        let volume = fields["volume"].flatMap { expression($0, for: "volume") }
        let pitch = fields["pitch"].flatMap { expression($0, for: "pitch") }
        var curves: [CurveDecl] = []
        if let node = fields["curves"], let entries = namedEntries(node, for: "curves") {
            curves = entries.compactMap { curve(named: $0.name, $0.value) }
        }
        if kind?.value.isAudio == false {
            for key in ["sound", "volume", "pitch"] {
                notAllowed(
                    fields, key, because: "'\(key)' belongs to audio events (type: audio-custom or audio-continuous)")
            }
        }
        switch kind?.value {
        case .audioCustom?:
            notAllowed(fields, "intensity", because: "a sound has a volume, not an intensity")
            notAllowed(fields, "sharpness", because: "a sound has a pitch, not a sharpness")
            notAllowed(fields, "curves", because: "curves shape haptic events only")
            if !fields.has("sound"), !fields.explainsMissing(["sound"]) {
                report(
                    Self.missingKey("sound", in: "an audio-custom event (the sound file it plays)", at: node.location))
            }
        case .audioContinuous?:
            notAllowed(fields, "intensity", because: "a sound has a volume, not an intensity")
            notAllowed(fields, "sharpness", because: "a sound has a pitch, not a sharpness")
            notAllowed(fields, "curves", because: "curves shape haptic events only")
            notAllowed(
                fields, "sound",
                because: "an audio-continuous event plays a generated tone; use audio-custom for a file")
            requireDuration(fields, in: "an audio-continuous event", at: node.location)
        case .transient?:
            notAllowed(
                fields, "duration", because: "a transient event is a single tap; use 'type: continuous' for a length")
            notAllowed(fields, "curves", because: "curves shape continuous events only")
        case .silence?:
            notAllowed(fields, "intensity", because: "a silence plays nothing")
            notAllowed(fields, "sharpness", because: "a silence plays nothing")
            notAllowed(fields, "curves", because: "a silence plays nothing")
            requireDuration(fields, in: "a silence event", at: node.location)
        case .continuous?:
            requireDuration(fields, in: "a continuous event", at: node.location)
        case nil:
            break
        }
        guard let kind, let time else { return nil }
        return PatternEventDecl(
            kind: kind, time: time, duration: duration, intensity: intensity, sharpness: sharpness, curves: curves,
            sound: sound, volume: volume, pitch: pitch, note: note(fields["note"]), location: node.location)
    }

    private mutating func requireDuration(_ fields: Fields, in what: String, at location: SourceLocation) {
        guard !fields.has("duration"), !fields.explainsMissing(["duration"]) else { return }
        report(Self.missingKey("duration", in: what, at: location))
    }

    private mutating func curve(named name: Located<String>, _ node: YAMLNode) -> CurveDecl? {
        let parameter = choice(
            YAMLNode(.scalar(name.value, .plain), at: name.location), for: "curves", what: "curve parameter",
            as: CurveDecl.Parameter.self)
        guard let items = list(node, for: name.value) else { return nil }
        let points = items.compactMap { item -> ControlPointDecl? in
            guard let pair = item.items, pair.count == 2 else {
                wrongType(expected: "a control point [time, value]", for: name.value, found: item)
                return nil
            }
            let time = expression(pair[0], for: "time")
            let value = expression(pair[1], for: name.value)
            guard let time, let value else { return nil }
            return ControlPointDecl(time: time, value: value)
        }
        guard let parameter else { return nil }
        return CurveDecl(parameter: parameter, points: points, location: name.location)
    }
}
