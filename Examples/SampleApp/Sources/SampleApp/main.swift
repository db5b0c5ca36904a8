import Foundation
import HapticPolicy

// The sample app: loads the bundle the plugin compiled and sends typed events from the
// API it generated (LapsPolicy). Renaming `lap.completed` in laps.yaml breaks this
// file's build, not the app's haptics.

guard let url = Bundle.module.url(forResource: "laps.bundle", withExtension: "json") else {
    fatalError("laps.bundle.json is not in the bundle; is HapticPolicyPlugin applied to the target?")
}
let store = try PolicyStore(bundle: [UInt8](Data(contentsOf: url)))
precondition(LapsPolicy.matches(store.current), "the bundle and the generated API come from different policies")

let events: [LapsPolicy.Event] = [
    .screenEnter(.workout), .lapCompleted, .buttonTap, .goalResult(.reached), .goalResult(.other("missed")),
]
for event in events {
    let decided = store.decide(event, t: 1)
    print(event.name, decided.decision.action.rawValue, decided.policyHash.prefix(15))
}
