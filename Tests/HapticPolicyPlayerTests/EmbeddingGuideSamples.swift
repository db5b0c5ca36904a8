// Every Swift sample of Docs/embedding.md, compiled with the tests. Each region between
// `// sample: <name>` and `// end sample` must equal a ```swift block of the guide, in
// order (EmbeddingGuideTests checks). Apple-only samples compile on Linux against the
// stand-ins in Sources/AppleSDKStandIns; on macOS they are skipped (no UIKit).
// The package manifest sample lives in Samples/AppPackage/Package.swift.

// sample: load-bundle
import Foundation
import HapticPolicy

/// Loads the policy the app ships (compiled by `haptic-policy compile`): Foundation only,
/// no libyaml. A damaged bundle throws `PolicyBundle.LoadError` with what to do.
func loadShippedPolicy(in bundle: Bundle = .main) throws -> PolicyStore {
    guard let url = bundle.url(forResource: "plavo.bundle", withExtension: "json") else {
        throw CocoaError(.fileNoSuchFile)
    }
    return try PolicyStore(bundle: [UInt8](Data(contentsOf: url)))
}
// end sample

// sample: app-haptics
import HapticPolicyPlayer

/// The app's haptics: one store that decides (from any thread) and one player that
/// turns decisions into haptics (on the main actor).
@MainActor
final class AppHaptics {
    let store: PolicyStore
    let player: HapticPlayer

    /// `output` is `CoreHapticsOutput()` in the app and `RecordingOutput()` in tests.
    init(store: PolicyStore, output: any HapticOutput) {
        self.store = store
        self.player = HapticPlayer(output: output)
        player.onIncident = { text in print("haptics:", text) }
    }

    /// Decides one app event and plays the decision.
    func send(
        _ event: String, subject: String? = nil, value: ScalarValue? = nil, speaks: Bool = false,
        params: [String: Double] = [:]
    ) {
        let decided = store.decide(event: event, subject: subject, value: value, speaks: speaks, params: params)
        player.handle(decided)
    }

    /// For callbacks off the main thread (a sensor): decide right there, in order, then
    /// hop to the main actor only to play.
    nonisolated func sendFromAnyThread(_ event: String, subject: String? = nil, value: ScalarValue? = nil) {
        let decided = store.decide(event: event, subject: subject, value: value)
        Task { @MainActor in self.player.handle(decided) }
    }
}
// end sample

#if canImport(UIKit) && canImport(CoreHaptics)
// sample: uikit
import UIKit

/// The camera screen: opening it warms the engine; the selector arc is one gesture.
final class CameraViewController: UIViewController {
    var haptics: AppHaptics?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        haptics?.send("screen.enter", value: .string("camera"))
    }

    func selectorDidBegin() { haptics?.send("selector.begin") }
    func selectorDidPassApex() { haptics?.send("selector.tick") }
    func selectorDidEnd() { haptics?.send("selector.end") }

    /// The plant appears in the camera and greets (its speech bubble shows).
    func plantDidAppear(named name: String) {
        haptics?.send("plant.found", subject: name, speaks: true)
    }
}

/// At launch: the real output, what the device can do, and the app's state changes.
@MainActor
func startHaptics() throws -> (AppHaptics, [NSObjectProtocol]) {
    let haptics = AppHaptics(store: try loadShippedPolicy(), output: CoreHapticsOutput())
    haptics.send("device.supportsHaptics", value: .bool(CoreHapticsOutput.supportsCustomPatterns))
    haptics.send("device.lowPower", value: .bool(ProcessInfo.processInfo.isLowPowerModeEnabled))
    let center = NotificationCenter.default
    let observers = [
        center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { haptics.send("app.state", value: .string("background")) }
        },
        center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { haptics.send("app.state", value: .string("foreground")) }
        },
        center.addObserver(forName: .NSProcessInfoPowerStateDidChange, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated {
                haptics.send("device.lowPower", value: .bool(ProcessInfo.processInfo.isLowPowerModeEnabled))
            }
        },
    ]
    return (haptics, observers)
}
// end sample
#endif

#if canImport(SwiftUI) && canImport(UIKit)
// sample: swiftui
import SwiftUI

/// The naming screen in SwiftUI: entering warms the engine; naming plays `meet`.
/// `scenePhase` needs iOS 14 (the package supports iOS 13: a UIKit app forwards the app's
/// state as in the UIKit sample instead).
@available(iOS 14.0, *)
struct NamingScreen: View {
    let haptics: AppHaptics
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        let screen = Text("Name your plant")
            .onAppear { haptics.send("screen.enter", value: .string("naming")) }
        if #available(iOS 17.0, *) {
            screen.onChange(of: scenePhase) { _, phase in send(phase) }
        } else {
            screen.onChange(of: scenePhase) { phase in send(phase) }
        }
    }

    private func send(_ phase: ScenePhase) {
        switch phase {
        case .background: haptics.send("app.state", value: .string("background"))
        case .active: haptics.send("app.state", value: .string("foreground"))
        default: break
        }
    }

    func plantNamed(_ name: String) {
        haptics.send("plant.meet", subject: name, speaks: true)
    }
}
// end sample
#endif

// sample: hot-reload
#if DEBUG
/// Debug builds only: swaps in the bundle at `url` whenever it changes on disk. Errors
/// keep the running policy and print located diagnostics.
func watchPolicy(at url: URL, store: PolicyStore, every seconds: Double = 0.5) -> Task<Void, Never> {
    Task.detached(priority: .utility) {
        var lastModified: Date?
        while !Task.isCancelled {
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            if let modified = attributes?[.modificationDate] as? Date, modified != lastModified,
                let data = try? Data(contentsOf: url)
            {
                lastModified = modified
                let result = store.reload(bundle: [UInt8](data), file: url.lastPathComponent)
                for diagnostic in result.diagnostics {
                    print("\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message)")
                }
                print(result.applied ? "policy reloaded" : "policy kept", result.activeHash)
            }
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        }
    }
}
#endif
// end sample
