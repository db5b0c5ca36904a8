import HapticPolicy

/// Every field of every feedback a policy declares, flattened to text: its layer, its
/// preset and intensity, or its pattern (loop, template parameters, and each pattern
/// event's type, time, duration, intensity, sharpness, curves and sound), its fallback,
/// and the same for each platform override. Notes are left out: they change nothing in
/// the hand (as `PolicyDiff.differs` ignores them in decisions). Two policies' fields compared give what a
/// designer changed in a waveform (`changes(from:to:)`); `diff` and `watch` both use it.
public struct FeedbackFields: Sendable, Equatable {
    /// One field's value.
    public struct Field: Sendable, Equatable {
        /// The feedback's name (`pulse`).
        public var feedback: String
        /// The field, as `diff` and `watch` name it: `layer`, `priority`, `preset`, `intensity`,
        /// `loop`, `fallback`, `parameter bpm`, `events`, `event 2 intensity`,
        /// `event 1 curve intensity`; a platform override's fields are prefixed
        /// (`android: event 1 sharpness`).
        public var field: String
        /// The value as text, numbers as `numberText` prints them; a value the policy
        /// leaves out reads `default (1)`.
        public var value: String
        /// Where it is declared: the pattern event's place for an event's fields, else
        /// the feedback's. Shown, not compared.
        public var location: SourceLocation
        /// The pattern event the field belongs to (`event 2`, `android: event 2`); nil
        /// for the feedback's own fields. An event added or gone is one change.
        public var event: String?

        /// Creates a field.
        public init(feedback: String, field: String, value: String, location: SourceLocation, event: String? = nil) {
            self.feedback = feedback
            self.field = field
            self.value = value
            self.location = location
            self.event = event
        }
    }

    /// One field that differs between two policies: `before` nil when the feedback or
    /// field is new, `after` nil when it is gone.
    public struct Change: Sendable, Equatable {
        /// The feedback's name.
        public var feedback: String
        /// The field (`Field.field`), or the pattern event (`event 3`) when a whole
        /// event was added or removed.
        public var field: String
        /// The old value; nil when the field is new.
        public var before: String?
        /// The new value; nil when the field is gone.
        public var after: String?
        /// Where it is declared now (where it was, for a field that is gone).
        public var location: SourceLocation

        /// `feedback 'pulse' event 1 intensity: 0.8 -> 0.9 (plavo.yaml:52:11)`.
        public var text: String {
            var line = "feedback '\(feedback)' \(field): \(before ?? "(none)") -> \(after ?? "(none)")"
            if location != .unknown { line += " (\(location))" }
            return line
        }
    }

    /// The fields, feedback by feedback in declaration order.
    public var fields: [Field]

    /// Fields as given (in declaration order, feedback by feedback).
    public init(fields: [Field]) {
        self.fields = fields
    }

    /// The fields of `policy`'s feedback.
    public init(policy: Policy) {
        fields = []
        for plan in policy.feedback {
            fields += Self.fields(of: plan, prefix: "", files: policy.files)
            for platform in Platform.allCases {
                guard let override = plan.platforms[platform] else { continue }
                fields += Self.fields(of: override, prefix: "\(platform.rawValue): ", files: policy.files)
            }
        }
    }

    /// What changed from `old` to `new`, field by field: a feedback added or removed is
    /// one change (`feedback` `(none) -> pattern`), a field changed, added or gone is one
    /// each, a whole pattern event added or gone is one. Feedback in `new`'s order, then
    /// the removed ones in `old`'s.
    public static func changes(from old: FeedbackFields, to new: FeedbackFields) -> [Change] {
        func entries(_ fields: [Field]) -> [FieldComparison.Entry] {
            fields.map {
                .init(owner: $0.feedback, field: $0.field, value: $0.value, location: $0.location, group: $0.event)
            }
        }
        return FieldComparison.differences(
            from: entries(old.fields), to: entries(new.fields), wholeField: "feedback", whole: kind,
            summary: FieldComparison.summary
        ).map {
            Change(feedback: $0.owner, field: $0.field, before: $0.before, after: $0.after, location: $0.location)
        }
    }

    /// `pattern` or `preset impact.light`: what a whole feedback is, for one added or gone.
    private static func kind(_ fields: [FieldComparison.Entry]) -> String {
        if let preset = fields.first(where: { $0.field == "preset" }) { return "preset \(preset.value)" }
        return "pattern"
    }

    private static func fields(of plan: FeedbackPlan, prefix: String, files: [String]) -> [Field] {
        let place = plan.location.location(in: files)
        var fields: [Field] = []
        func add(_ field: String, _ value: String, at location: SourceLocation = place) {
            fields.append(Field(feedback: plan.name, field: prefix + field, value: value, location: location))
        }
        add("layer", plan.layer.rawValue)
        // One priority on every platform: listed with the feedback's own fields only.
        if prefix.isEmpty { add("priority", plan.priority.rawValue) }
        switch plan.body {
        case .preset(let preset, let intensity):
            add("preset", preset.rawValue)
            add("intensity", intensity.map(numberText) ?? "default")
        case .pattern(let template):
            add("loop", template.loop.map(\.description) ?? "none")
            for parameter in template.parameters {
                var text = "default \(numberText(parameter.defaultValue))"
                if parameter.minimum != nil || parameter.maximum != nil {
                    text += ", \(parameter.minimum.map(numberText) ?? "")...\(parameter.maximum.map(numberText) ?? "")"
                }
                if let unit = parameter.unit { text += " \(unit)" }
                add("parameter \(parameter.name)", text, at: parameter.location.location(in: files))
            }
            add("events", "\(template.events.count)")
            for (index, event) in template.events.enumerated() {
                let at = event.location.location(in: files)
                let name = prefix + "event \(index + 1)"
                let step = "event \(index + 1) "
                func add(_ field: String, _ value: String, at location: SourceLocation) {
                    fields.append(
                        Field(feedback: plan.name, field: prefix + field, value: value, location: location, event: name)
                    )
                }
                add(step + "type", event.kind.rawValue, at: at)
                add(step + "time", event.time.description, at: at)
                add(step + "duration", event.duration?.description ?? "none", at: at)
                add(step + "intensity", event.intensity?.description ?? "default (1)", at: at)
                add(
                    step + "sharpness",
                    event.sharpness?.description ?? "default (\(event.kind.isHaptic ? "0.5" : "0"))", at: at)
                for curve in event.curves {
                    let points = curve.points.map { "[\($0.time), \($0.value)]" }.joined(separator: ", ")
                    add(step + "curve \(curve.parameter.rawValue)", "[\(points)]", at: at)
                }
                if let sound = event.sound { add(step + "sound", sound, at: at) }
                if let volume = event.volume { add(step + "volume", volume.description, at: at) }
                if let pitch = event.pitch { add(step + "pitch", pitch.description, at: at) }
            }
        }
        add("fallback", fallbackText(plan.fallback))
        return fields
    }

    private static func fallbackText(_ fallback: FeedbackPlan.Fallback?) -> String {
        func step(_ preset: FeedbackPlan.TimedPreset) -> String {
            var text = preset.name
            if let intensity = preset.intensity, preset.name == preset.preset.rawValue {
                text += " \(numberText(intensity))"
            }
            return text
        }
        switch fallback {
        case nil: return "unspecified"
        case .none?: return "none"
        case .preset(let preset)?: return step(preset)
        case .sequence(let steps)?:
            return "sequence [" + steps.map { "\(step($0)) at \($0.at)" }.joined(separator: ", ") + "]"
        }
    }
}
