import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

extension PolicyDecoder {
    /// `user-levels: {set-by: haptics.level, start: full, levels: {full: {keeps: all}, ...}}`.
    mutating func userLevels(_ node: YAMLNode, key: Located<String>) -> UserLevelsDecl? {
        guard
            let fields = fields(
                node, of: "user-levels", keys: ["set-by", "start", "levels"], required: ["set-by", "start", "levels"],
                owner: key.location)
        else { return nil }
        let setBy = fields["set-by"].flatMap { text($0, for: "set-by") }
        let start = fields["start"].flatMap { text($0, for: "start") }
        let entries = fields["levels"].flatMap { namedEntries($0, for: "levels") }
        let levels = (entries ?? []).compactMap { userLevel(named: $0.name, $0.value) }
        guard let setBy, let start, entries != nil else { return nil }
        return UserLevelsDecl(setBy: setBy, start: start, levels: levels, location: key.location)
    }

    /// One level: `essentials: {keeps: {feedback: [goal], layers: [coach], rows: [workout/lap.completed]}}`.
    private mutating func userLevel(named name: Located<String>, _ node: YAMLNode) -> UserLevelsDecl.Level? {
        guard
            let fields = fields(
                node, of: "user level '\(name.value)'", keys: ["keeps", "note"], required: ["keeps"],
                owner: name.location)
        else { return nil }
        let note = note(fields["note"])
        guard let keepsNode = fields["keeps"], let keeps = keeps(keepsNode, of: "level '\(name.value)'") else {
            return nil
        }
        return UserLevelsDecl.Level(name: name, keeps: keeps, keepsLocation: keepsNode.location, note: note)
    }

    /// A `keeps:` value, as user levels and `background:` write it: `all`, `none`, or
    /// `{feedback: [...], layers: [...], rows: [...]}`; `owner` names what keeps
    /// (`level 'essentials'`, `background`) in diagnostics.
    mutating func keeps(_ keepsNode: YAMLNode, of owner: String) -> UserLevelsDecl.Keeps? {
        if keepsNode.pairs == nil {
            guard let word = choice(keepsNode, for: "keeps", what: "keeps", options: ["all", "none"]) else {
                return nil
            }
            return word.value == "all" ? UserLevelsDecl.Keeps.all : UserLevelsDecl.Keeps.none
        }
        guard
            let entries = self.fields(
                keepsNode, of: "keeps of \(owner)", keys: ["feedback", "layers", "rows"], valueOf: "keeps")
        else { return nil }
        return .some(
            feedback: entries["feedback"].flatMap { names($0, for: "feedback") } ?? [],
            layers: entries["layers"].flatMap { names($0, for: "layers") } ?? [],
            rows: entries["rows"].flatMap { names($0, for: "rows") } ?? [])
    }
}
