import HapticPolicy
import SwiftUI

// The app target of Examples/XcodeApp: HapticPolicyPlugin compiled laps.yaml into
// laps.bundle.json (a resource of the app, so Bundle.main) and the typed LapsPolicy API.
// Renaming `lap.completed` in laps.yaml breaks this file's build.

@main
struct LapsApp: App {
    var body: some Scene {
        WindowGroup { LapsView() }
    }
}

struct LapsView: View {
    @State private var said = "tap a lap"

    var body: some View {
        Button(said) { said = Self.decideLap() }
    }

    static func decideLap() -> String {
        guard let url = Bundle.main.url(forResource: "laps.bundle", withExtension: "json"),
            let bytes = try? Data(contentsOf: url),
            let store = try? PolicyStore(bundle: [UInt8](bytes))
        else { return "laps.bundle.json is missing: is HapticPolicyPlugin in Run Build Tool Plug-ins?" }
        guard LapsPolicy.matches(store.current) else { return "the bundle and LapsPolicy differ" }
        _ = store.decide(.screenEnter(.workout), t: 0)
        return store.decide(.lapCompleted, t: 1).decision.action.rawValue
    }
}
