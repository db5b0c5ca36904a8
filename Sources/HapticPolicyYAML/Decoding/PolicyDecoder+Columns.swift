import HapticPolicy
import HapticPolicyCompiler

extension PolicyDecoder {
    /// The source location of the character at `characterOffset` in a scalar's value, so
    /// an expression error points at the exact column even inside quotes and escapes.
    /// Falls back to the scalar's start when the scalar spans lines (folded text).
    func location(in node: YAMLNode, characterOffset: Int) -> SourceLocation {
        guard case .scalar(let text, let style) = node.content, node.location.line == node.end.line,
            let sourceLine = sourceLine(node.location.line, in: node.location.file)
        else { return node.location }
        let line = Array(sourceLine)
        // Expression offsets count Characters; columns count Unicode scalars.
        let scalarOffset = text.prefix(characterOffset).unicodeScalars.count
        let start = node.location.column - 1
        var index: Int
        switch style {
        case .plain:
            index = start + scalarOffset
        case .singleQuoted:
            index = start + 1
            for _ in 0..<scalarOffset {
                let escaped = index + 1 < line.count && line[index] == "'" && line[index + 1] == "'"
                index += escaped ? 2 : 1
            }
        case .doubleQuoted:
            index = start + 1
            for _ in 0..<scalarOffset {
                guard index < line.count, line[index] == "\\", index + 1 < line.count else {
                    index += 1
                    continue
                }
                switch line[index + 1] {
                case "x": index += 4
                case "u": index += 6
                case "U": index += 10
                default: index += 2
                }
            }
        case .literal, .folded:
            return node.location
        }
        guard index <= line.count else { return node.location }
        var location = node.location
        location.column = index + 1
        return location
    }
}
