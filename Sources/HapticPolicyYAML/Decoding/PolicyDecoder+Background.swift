import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

extension PolicyDecoder {
    /// `background: {keeps: {feedback: [turn.now], layers: [], rows: [ride/hazard.closure]}, note: ...}`:
    /// the plays the app in background still makes. `keeps:` reads as a user level's.
    mutating func background(_ node: YAMLNode, key: Located<String>) -> BackgroundDecl? {
        guard
            let fields = fields(
                node, of: "background", keys: ["keeps", "note"], required: ["keeps"], owner: key.location)
        else { return nil }
        let note = note(fields["note"])
        guard let keepsNode = fields["keeps"], let keeps = keeps(keepsNode, of: "background") else { return nil }
        return BackgroundDecl(keeps: keeps, keepsLocation: keepsNode.location, note: note, location: key.location)
    }
}
