// The worked example of Docs/app-tests.md, as an app's test target holds it: the block
// between the markers below is the doc's Swift sample, word for word (AppTestsDocTests).
// sample begins
import Foundation
import HapticPolicy
import HapticPolicyTesting
import Testing

@Test func thePlantsPulseNeedsItsSpeechBubble() throws {
    let url = try #require(Bundle.module.url(forResource: "plavo.bundle", withExtension: "json"))
    let flow = try HapticFlow(bundle: [UInt8](Data(contentsOf: url)))
    flow.enter("camera")
    flow.wait(1)  // the engine is warm
    try flow.expect("plant.found", speaks: true, .play("pulse", render: "pattern:pulse", rule: "camera/plant.found"))
    try flow.expect("plant.found", .silent(.noSpeech, rule: "H-4"))
    flow.enter("album")
    try flow.expect("album.scroll", .silent(.designer))
}
// sample ends
