import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// The sounds of a pattern that a vibration-only platform (Android's `VibrationEffect`,
/// the web's `navigator.vibrate`) leaves out, so its export says what it drops: a
/// warning at the feedback, and a `droppedSounds` list in the JSON description for the
/// app to play with its own audio.
package enum DroppedSounds {
    /// The audio events of `item`, in time order.
    package static func of(_ item: ExportablePattern) -> [ResolvedPattern.Event] {
        item.pattern.events.filter { $0.kind.isAudio }
    }

    /// A warning naming what `target` drops, or nil when the pattern has no sound.
    package static func warning(_ item: ExportablePattern, target: ExportTarget, policy: Policy) -> Diagnostic? {
        let sounds = of(item)
        guard !sounds.isEmpty else { return nil }
        let names = sounds.map { $0.audio?.sound ?? "a tone" }
        let platform = target == .android ? "Android vibration" : "navigator.vibrate"
        return DiagnosticCode.exportDropsSounds(
            "pattern '\(item.name)': the \(target.rawValue) export leaves out \(sounds.count == 1 ? "its sound" : "its \(sounds.count) sounds") (\(names.joined(separator: ", "))), because \(platform) has no audio; the JSON lists them under droppedSounds for the app to play",
            at: policy.location(item.feedback.location))
    }

    /// `droppedSounds` for a JSON description: each sound's start, length (0 for a whole
    /// file), file (absent for a tone), volume and pitch.
    package static func node(_ item: ExportablePattern) -> JSONNode? {
        let sounds = of(item)
        guard !sounds.isEmpty else { return nil }
        return .array(
            sounds.map { event in
                var members: [(String, JSONNode)] = [
                    ("startMs", .number((event.time * 1000).rounded())),
                    ("durationMs", .number((event.duration * 1000).rounded())),
                ]
                if let sound = event.audio?.sound { members.append(("sound", .string(sound))) }
                members.append(("volume", .number(event.audio?.volume ?? 1)))
                members.append(("pitch", .number(event.audio?.pitch ?? 0)))
                return .object(members)
            })
    }
}
