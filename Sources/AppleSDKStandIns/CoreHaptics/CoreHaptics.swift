// A Linux-only stand-in for Apple's Core Haptics, declaring exactly the signatures that
// `HapticPolicyPlayer`'s Core Haptics output and the embedding guide's samples call, so CI
// on Linux type-checks that code. Nothing here ever runs: bodies do nothing or trap.
// Each declaration cites the Apple documentation page its signature was copied from.
// Add a declaration here only together with the code that calls it.
import Foundation

/// Stand-in for `CHHapticTimeImmediate`.
/// Source: https://developer.apple.com/documentation/corehaptics/chhaptictimeimmediate
/// (`let CHHapticTimeImmediate: TimeInterval`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let CHHapticTimeImmediate: TimeInterval = 0

/// Stand-in for `CHHapticAudioResourceID`.
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticaudioresourceid
/// (`typealias CHHapticAudioResourceID = Int`).
public typealias CHHapticAudioResourceID = Int

/// Stand-in for `CHHapticDeviceCapability`.
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticdevicecapability
public protocol CHHapticDeviceCapability {
    /// `var supportsHaptics: Bool { get }`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticdevicecapability/supportshaptics
    var supportsHaptics: Bool { get }
}

/// Stand-in for `CHHapticEngine` (`class CHHapticEngine`).
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine
open class CHHapticEngine {
    /// `enum StoppedReason`.
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/stoppedreason
    public enum StoppedReason: Int, Sendable {
        /// The system interrupted the audio session.
        case audioSessionInterrupt = 1
        /// The system suspended the app.
        case applicationSuspended = 2
        /// The engine stopped after an idle timeout.
        case idleTimeout = 3
        /// A finished handler asked to stop.
        case notifyWhenFinished = 4
        /// The engine was destroyed.
        case engineDestroyed = 5
        /// The associated game controller disconnected.
        case gameControllerDisconnect = 6
        /// A system error.
        case systemError = -1
    }

    /// `typealias StoppedHandler = (CHHapticEngine.StoppedReason) -> Void`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/stoppedhandler-swift.typealias
    public typealias StoppedHandler = (CHHapticEngine.StoppedReason) -> Void

    /// `typealias ResetHandler = () -> Void`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/resethandler-swift.typealias
    public typealias ResetHandler = () -> Void

    /// `init() throws`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/init()
    public init() throws {}

    /// `class func capabilitiesForHardware() -> any CHHapticDeviceCapability`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/capabilitiesforhardware()
    open class func capabilitiesForHardware() -> any CHHapticDeviceCapability {
        fatalError("Core Haptics stand-in: type-checking only")
    }

    /// `var playsHapticsOnly: Bool { get set }`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/playshapticsonly
    open var playsHapticsOnly: Bool = false

    /// `var stoppedHandler: CHHapticEngine.StoppedHandler { get set }`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/stoppedhandler-swift.property
    open var stoppedHandler: CHHapticEngine.StoppedHandler = { _ in }

    /// `var resetHandler: CHHapticEngine.ResetHandler { get set }`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/resethandler-swift.property
    open var resetHandler: CHHapticEngine.ResetHandler = {}

    /// `func start() throws` (synchronous).
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/start()
    open func start() throws {}

    /// `func stop(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil)`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/stop(completionhandler:)
    open func stop(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {}

    /// `func registerAudioResource(_ resourceURL: URL, options: [AnyHashable : Any] = [:]) throws -> CHHapticAudioResourceID`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/registeraudioresource(_:options:)
    open func registerAudioResource(_ resourceURL: URL, options: [AnyHashable: Any] = [:]) throws
        -> CHHapticAudioResourceID
    {
        fatalError("Core Haptics stand-in: type-checking only")
    }

    /// `func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/makeplayer(with:)
    open func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer {
        fatalError("Core Haptics stand-in: type-checking only")
    }

    /// `func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticengine/makeadvancedplayer(with:)
    open func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer {
        fatalError("Core Haptics stand-in: type-checking only")
    }
}

/// Stand-in for `CHHapticPatternPlayer` (`protocol CHHapticPatternPlayer : NSObjectProtocol`).
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticpatternplayer
public protocol CHHapticPatternPlayer: NSObjectProtocol {
    /// `func start(atTime time: TimeInterval) throws`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticpatternplayer/start(attime:)
    func start(atTime time: TimeInterval) throws
    /// `func stop(atTime time: TimeInterval) throws`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticpatternplayer/stop(attime:)
    func stop(atTime time: TimeInterval) throws
}

/// Stand-in for `CHHapticAdvancedPatternPlayer`
/// (`protocol CHHapticAdvancedPatternPlayer : CHHapticPatternPlayer`).
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticadvancedpatternplayer
public protocol CHHapticAdvancedPatternPlayer: CHHapticPatternPlayer {
    /// `var loopEnabled: Bool { get set }`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticadvancedpatternplayer/loopenabled
    var loopEnabled: Bool { get set }
    /// `var loopEnd: TimeInterval { get set }`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticadvancedpatternplayer/loopend
    var loopEnd: TimeInterval { get set }
}

/// Stand-in for `CHHapticPattern` (`class CHHapticPattern`).
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticpattern
open class CHHapticPattern {
    /// `init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve]) throws`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticpattern/init(events:parametercurves:)
    public init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve]) throws {}
}

/// Stand-in for `CHHapticEvent` (`class CHHapticEvent`).
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent
open class CHHapticEvent {
    /// `struct EventType`.
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/eventtype
    public struct EventType: Hashable, Sendable {
        let rawValue: String
        /// `static let hapticTransient: CHHapticEvent.EventType`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/eventtype/haptictransient
        public static let hapticTransient = EventType(rawValue: "HapticTransient")
        /// `static let hapticContinuous: CHHapticEvent.EventType`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/eventtype/hapticcontinuous
        public static let hapticContinuous = EventType(rawValue: "HapticContinuous")
        /// `static let audioContinuous: CHHapticEvent.EventType`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/eventtype/audiocontinuous
        public static let audioContinuous = EventType(rawValue: "AudioContinuous")
    }

    /// `struct ParameterID`.
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/parameterid
    public struct ParameterID: Hashable, Sendable {
        let rawValue: String
        /// `static let hapticIntensity: CHHapticEvent.ParameterID`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/parameterid/hapticintensity
        public static let hapticIntensity = ParameterID(rawValue: "HapticIntensity")
        /// `static let hapticSharpness: CHHapticEvent.ParameterID`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/parameterid/hapticsharpness
        public static let hapticSharpness = ParameterID(rawValue: "HapticSharpness")
        /// `static let audioVolume: CHHapticEvent.ParameterID`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/parameterid/audiovolume
        public static let audioVolume = ParameterID(rawValue: "AudioVolume")
        /// `static let audioPitch: CHHapticEvent.ParameterID`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/parameterid/audiopitch
        public static let audioPitch = ParameterID(rawValue: "AudioPitch")
    }

    /// `init(eventType type: CHHapticEvent.EventType, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval)`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/init(eventtype:parameters:relativetime:)
    public init(
        eventType type: CHHapticEvent.EventType, parameters eventParams: [CHHapticEventParameter],
        relativeTime time: TimeInterval
    ) {}

    /// `init(eventType type: CHHapticEvent.EventType, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval, duration: TimeInterval)`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/init(eventtype:parameters:relativetime:duration:)
    public init(
        eventType type: CHHapticEvent.EventType, parameters eventParams: [CHHapticEventParameter],
        relativeTime time: TimeInterval, duration: TimeInterval
    ) {}

    /// `init(audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval)`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/init(audioresourceid:parameters:relativetime:)
    public init(
        audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter],
        relativeTime time: TimeInterval
    ) {}

    /// `init(audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval, duration: TimeInterval)`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticevent/init(audioresourceid:parameters:relativetime:duration:)
    public init(
        audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter],
        relativeTime time: TimeInterval, duration: TimeInterval
    ) {}
}

/// Stand-in for `CHHapticEventParameter` (`class CHHapticEventParameter`).
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticeventparameter
open class CHHapticEventParameter {
    /// `init(parameterID: CHHapticEvent.ParameterID, value: Float)`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticeventparameter/init(parameterid:value:)
    public init(parameterID: CHHapticEvent.ParameterID, value: Float) {}
}

/// Stand-in for `CHHapticDynamicParameter` (only its `ID` is used).
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticdynamicparameter
open class CHHapticDynamicParameter {
    /// `struct ID`.
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticdynamicparameter/id
    public struct ID: Hashable, Sendable {
        let rawValue: String
        /// `static let hapticIntensityControl: CHHapticDynamicParameter.ID`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticdynamicparameter/id/hapticintensitycontrol
        public static let hapticIntensityControl = ID(rawValue: "HapticIntensityControl")
        /// `static let hapticSharpnessControl: CHHapticDynamicParameter.ID`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticdynamicparameter/id/hapticsharpnesscontrol
        public static let hapticSharpnessControl = ID(rawValue: "HapticSharpnessControl")
    }

    private init() {}
}

/// Stand-in for `CHHapticParameterCurve` (`class CHHapticParameterCurve`).
/// Source: https://developer.apple.com/documentation/corehaptics/chhapticparametercurve
open class CHHapticParameterCurve {
    /// `class ControlPoint`.
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticparametercurve/controlpoint
    open class ControlPoint {
        /// `init(relativeTime time: TimeInterval, value: Float)`
        /// Source: https://developer.apple.com/documentation/corehaptics/chhapticparametercurve/controlpoint/init(relativetime:value:)
        public init(relativeTime time: TimeInterval, value: Float) {}
    }

    /// `init(parameterID: CHHapticDynamicParameter.ID, controlPoints: [CHHapticParameterCurve.ControlPoint], relativeTime: TimeInterval)`
    /// Source: https://developer.apple.com/documentation/corehaptics/chhapticparametercurve/init(parameterid:controlpoints:relativetime:)
    public init(
        parameterID: CHHapticDynamicParameter.ID, controlPoints: [CHHapticParameterCurve.ControlPoint],
        relativeTime: TimeInterval
    ) {}
}
