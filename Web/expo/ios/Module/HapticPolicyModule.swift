// The Expo module's iOS half: the Expo Modules API over `HapticPolicyBridge` (decisions
// by this project's Swift runtime, played by `HapticPlayer` through `CoreHapticsOutput`:
// custom continuous patterns with curves, loops, presets). Thin on purpose; what it does
// is tested in Tests/HapticPolicyExpoTests. On Linux it is type-checked against the
// stand-ins of Sources/AppleSDKStandIns (ExpoModulesCore, CoreHaptics, UIKit).
import CoreHaptics
import ExpoModulesCore
import Foundation
import HapticPolicy
import HapticPolicyExpoBridge
import HapticPolicyPlayer
import UIKit

/// `requireNativeModule("HapticPolicy")`: load a compiled bundle, decide events, and let
/// the app's UI follow every decision (`onDecision`).
public final class HapticPolicyModule: Module {
    private var bridge: HapticPolicyBridge?
    private var powerObserver: NSObjectProtocol?

    /// The module's JavaScript surface (Web/expo/src/HapticPolicyModule.ts types it).
    public func definition() -> ModuleDefinition {
        Name("HapticPolicy")

        Events("onDecision", "onIntegrationMistake", "onIncident")

        OnCreate {
            self.start()
        }

        OnDestroy {
            if let observer = self.powerObserver { NotificationCenter.default.removeObserver(observer) }
        }

        // Trap 2: the engine stops in background; the first play after returning would be
        // lost. `app.state` foreground carries `restart-engine`, so the player starts it.
        OnAppEntersForeground {
            self.bridge?.appState(foreground: true)
        }

        OnAppEntersBackground {
            self.bridge?.appState(foreground: false)
        }

        // Trap 3: a device without haptics (an iPad, an old iPhone) decides fallbacks.
        Function("isSupported") { () -> Bool in
            Self.supportsHaptics
        }

        AsyncFunction("load") { (bundleText: String) throws -> [String: Any?] in
            guard let bridge = self.bridge else { throw Self.notStarted }
            do throws(ExpoArgumentError) {
                return try bridge.load(bundle: bundleText)
            } catch {
                throw Exception(name: "HapticPolicyBundleError", description: error.description)
            }
        }

        Function("decide") { (event: [String: Any]) throws -> [String: Any?] in
            guard let bridge = self.bridge else { throw Self.notStarted }
            do throws(ExpoArgumentError) {
                return try bridge.decide(event)
            } catch {
                throw Exception(name: "HapticPolicyEventError", description: error.description)
            }
        }
    }

    /// Whether the device plays custom patterns (`CoreHapticsOutput.supportsCustomPatterns`,
    /// read here off the main actor: Expo calls functions on the JavaScript thread).
    private static var supportsHaptics: Bool {
        CHHapticEngine.capabilitiesForHardware().supportsHaptics
    }

    private static var notStarted: Exception {
        Exception(name: "HapticPolicyNotStarted", description: "the module was not created by Expo")
    }

    private func start() {
        let sink = EventSink(self)
        // Trap 1 (the engine stops or resets on its own) is the player's: the output
        // forwards Core Haptics' stopped and reset handlers and the player restarts the
        // engine per stop reason, resuming loops.
        let bridge = HapticPolicyBridge(
            output: { CoreHapticsOutput() },
            device: DeviceState(
                supportsHaptics: Self.supportsHaptics,
                lowPower: ProcessInfo.processInfo.isLowPowerModeEnabled),
            emit: { [sink] name, body in sink.module?.sendEvent(name, body) })
        self.bridge = bridge
        // Trap 4: Low Power Mode damps Core Haptics; the policy plays the fallbacks instead.
        powerObserver = NotificationCenter.default.addObserver(
            forName: .NSProcessInfoPowerStateDidChange, object: nil, queue: nil
        ) { [weak bridge] _ in
            bridge?.lowPower(ProcessInfo.processInfo.isLowPowerModeEnabled)
        }
    }
}

/// Lets the bridge send events from any thread: Expo's `sendEvent` may be called from any
/// thread (it hands the event to the JavaScript thread itself), and the module is held weakly.
private final class EventSink: @unchecked Sendable {
    weak var module: HapticPolicyModule?

    init(_ module: HapticPolicyModule) {
        self.module = module
    }
}
