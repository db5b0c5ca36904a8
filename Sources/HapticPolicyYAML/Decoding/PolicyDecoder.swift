import HapticPolicy

/// Turns a node tree into a `PolicyDocument`, reporting every decoding problem once.
struct PolicyDecoder {
    let file: String
    let source: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, source: String) {
        self.file = file
        self.source = source
    }

    mutating func decode(_ root: YAMLNode) -> PolicyDocument? {
        PolicyDocument(file: file, name: Located("", at: root.location), location: root.location)
    }
}
