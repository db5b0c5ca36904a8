/// The bundle's JSON for the values that are choices (format 6, `Docs/bundle-format.md`):
/// each is a tagged object with named fields (`{"kind":"play","feedback":3}`,
/// `{"op":"*","args":[0.9,{"param":"max_hr"}]}`), a scalar as the JSON value itself, so no
/// reader has to mirror Swift's encoding of enums. Decoding refuses an unknown tag, naming
/// the tags it knows.

/// The keys of the tagged objects below.
private enum TagKey: String, CodingKey {
    case kind, op, args, param, feedback, band, reason, preset, intensity, pattern, step, steps, screen, layer
    case events
}

/// A decoding error at the container's place saying which tags are known.
private func unknownTag(
    _ tag: String, _ key: TagKey, in container: KeyedDecodingContainer<TagKey>, known: [String]
) -> DecodingError {
    DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "unknown \(key.rawValue) '\(tag)' (known: \(known.joined(separator: ", ")))")
}

extension Expression {
    /// Decodes a JSON number (a literal), `{"param":"name"}`, `{"op":"neg","args":[x]}`
    /// or `{"op":"+","args":[lhs,rhs]}` (`+`, `-`, `*`, `/`).
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let number = try? single.decode(Double.self) {
            self = .number(number)
            return
        }
        let container = try decoder.container(keyedBy: TagKey.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .param) {
            self = .parameter(name)
            return
        }
        let op = try container.decode(String.self, forKey: .op)
        let binary = BinaryOperator(rawValue: op)
        guard op == "neg" || binary != nil else {
            throw unknownTag(op, .op, in: container, known: ["neg", "+", "-", "*", "/"])
        }
        let args = try container.decode([Expression].self, forKey: .args)
        guard args.count == (binary == nil ? 1 : 2) else { throw Self.wrongArity(op, args.count, container) }
        if let binary {
            self = .binary(binary, args[0], args[1])
        } else {
            self = .negate(args[0])
        }
    }

    /// An operator given the wrong number of arguments, refused at the expression itself
    /// (`invalid-value`), as every runtime refuses it: the tag is known, the value is not
    /// one the format allows.
    package static func wrongArity<Key: CodingKey>(
        _ op: String, _ count: Int, _ container: KeyedDecodingContainer<Key>
    ) -> DecodingError {
        let wanted = op == "neg" ? "one argument" : "two arguments"
        return .dataCorrupted(
            DecodingError.Context(
                codingPath: container.codingPath, debugDescription: "'\(op)' takes \(wanted), not \(count)"))
    }

    /// Encodes the forms `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .parameter(let name):
            var container = encoder.container(keyedBy: TagKey.self)
            try container.encode(name, forKey: .param)
        case .negate(let operand):
            var container = encoder.container(keyedBy: TagKey.self)
            try container.encode("neg", forKey: .op)
            try container.encode([operand], forKey: .args)
        case .binary(let op, let lhs, let rhs):
            var container = encoder.container(keyedBy: TagKey.self)
            try container.encode(op.rawValue, forKey: .op)
            try container.encode([lhs, rhs], forKey: .args)
        }
    }
}

extension ScalarValue {
    /// Decodes a JSON boolean, number or string.
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value as the JSON scalar it is.
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .bool(let bool): try single.encode(bool)
        case .number(let number): try single.encode(number)
        case .string(let string): try single.encode(string)
        }
    }
}

extension FeedbackPlan.Body {
    /// Decodes `{"kind":"preset","preset":"tap","intensity":0.5}` or
    /// `{"kind":"pattern","pattern":{...}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TagKey.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "preset":
            self = .preset(
                try container.decode(Preset.self, forKey: .preset),
                intensity: try container.decodeIfPresent(Double.self, forKey: .intensity))
        case "pattern":
            self = .pattern(try container.decode(PatternTemplate.self, forKey: .pattern))
        default:
            throw unknownTag(kind, .kind, in: container, known: ["preset", "pattern"])
        }
    }

    /// Encodes the forms `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TagKey.self)
        switch self {
        case .preset(let preset, let intensity):
            try container.encode("preset", forKey: .kind)
            try container.encode(preset, forKey: .preset)
            try container.encodeIfPresent(intensity, forKey: .intensity)
        case .pattern(let pattern):
            try container.encode("pattern", forKey: .kind)
            try container.encode(pattern, forKey: .pattern)
        }
    }
}

extension FeedbackPlan.Fallback {
    /// Decodes `{"kind":"none"}`, `{"kind":"preset","step":{...}}` or
    /// `{"kind":"sequence","steps":[...]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TagKey.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "none": self = .none
        case "preset": self = .preset(try container.decode(FeedbackPlan.TimedPreset.self, forKey: .step))
        case "sequence": self = .sequence(try container.decode([FeedbackPlan.TimedPreset].self, forKey: .steps))
        default: throw unknownTag(kind, .kind, in: container, known: ["none", "preset", "sequence"])
        }
    }

    /// Encodes the forms `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TagKey.self)
        switch self {
        case .none:
            try container.encode("none", forKey: .kind)
        case .preset(let step):
            try container.encode("preset", forKey: .kind)
            try container.encode(step, forKey: .step)
        case .sequence(let steps):
            try container.encode("sequence", forKey: .kind)
            try container.encode(steps, forKey: .steps)
        }
    }
}

extension PolicyContent.Row.Action {
    /// Decodes `{"kind":"play","feedback":3}`, `{"kind":"loop","feedback":3}`,
    /// `{"kind":"stop","feedback":3}` (no `feedback`: every loop), `{"kind":"band","band":0}`,
    /// `{"kind":"silent","reason":"..."}` or `{"kind":"none"}`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TagKey.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "play": self = .play(try container.decode(Int.self, forKey: .feedback))
        case "loop": self = .loop(try container.decode(Int.self, forKey: .feedback))
        case "stop": self = .stop(try container.decodeIfPresent(Int.self, forKey: .feedback))
        case "band": self = .band(try container.decode(Int.self, forKey: .band))
        case "silent": self = .silent(try container.decode(String.self, forKey: .reason))
        case "none": self = .none
        default:
            throw unknownTag(kind, .kind, in: container, known: ["play", "loop", "stop", "band", "silent", "none"])
        }
    }

    /// Encodes the forms `init(from:)` reads.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TagKey.self)
        switch self {
        case .play(let f):
            try container.encode("play", forKey: .kind)
            try container.encode(f, forKey: .feedback)
        case .loop(let f):
            try container.encode("loop", forKey: .kind)
            try container.encode(f, forKey: .feedback)
        case .stop(let f):
            try container.encode("stop", forKey: .kind)
            try container.encodeIfPresent(f, forKey: .feedback)
        case .band(let b):
            try container.encode("band", forKey: .kind)
            try container.encode(b, forKey: .band)
        case .silent(let reason):
            try container.encode("silent", forKey: .kind)
            try container.encode(reason, forKey: .reason)
        case .none:
            try container.encode("none", forKey: .kind)
        }
    }
}

extension PolicyContent.Budget.Scope {
    /// Decodes `{"kind":"each-screen"}`, `{"kind":"screen","screen":"name"}`,
    /// `{"kind":"layer","layer":"ui"}` or `{"kind":"events","events":["off.route"]}`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TagKey.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "each-screen": self = .eachScreen
        case "screen": self = .screen(try container.decode(String.self, forKey: .screen))
        case "layer": self = .layer(try container.decode(Layer.self, forKey: .layer))
        case "events": self = .events(try container.decode([String].self, forKey: .events))
        default: throw unknownTag(kind, .kind, in: container, known: ["each-screen", "screen", "layer", "events"])
        }
    }

    /// Encodes the forms `init(from:)` reads.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TagKey.self)
        switch self {
        case .eachScreen:
            try container.encode("each-screen", forKey: .kind)
        case .screen(let name):
            try container.encode("screen", forKey: .kind)
            try container.encode(name, forKey: .screen)
        case .layer(let layer):
            try container.encode("layer", forKey: .kind)
            try container.encode(layer, forKey: .layer)
        case .events(let names):
            try container.encode("events", forKey: .kind)
            try container.encode(names, forKey: .events)
        }
    }
}
