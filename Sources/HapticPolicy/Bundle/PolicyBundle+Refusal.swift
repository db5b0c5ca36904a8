/// A content decoding error as the refusal of its place (`Docs/bundle-format.md`, "One
/// refusal in every runtime").
extension PolicyBundle {
    /// A decoding error as the refusal of its place:
    /// `at content.cells[2].rows[0].action.kind: unknown kind 'ring' (known: ...)`.
    static func refusal(_ error: DecodingError, scan: BundleJSONScan) -> LoadError {
        func path(_ codingPath: [any CodingKey]) -> String {
            "content" + codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        }
        func refused(_ code: Refusal, _ codingPath: [any CodingKey], _ why: String) -> LoadError {
            let place = path(codingPath)
            return .damaged(
                "the content cannot be decoded: at \(place): \(why)", code: code, path: place,
                offset: scan.offsets[place])
        }
        switch error {
        case .keyNotFound(let key, let context):
            return refused(.missingField, context.codingPath, "the field '\(key.stringValue)' is missing")
        case .typeMismatch(let type, let context):
            // `not-integer` only where an integer goes: a fraction where a tag goes is of
            // the wrong type (`{"kind": 0.5}`).
            let integerWanted = type is any BinaryInteger.Type
            let code: Refusal =
                integerWanted && scan.nonIntegers.contains(path(context.codingPath)) ? .notInteger : .wrongType
            return refused(code, context.codingPath, "expected \(jsonName(type)) (\(context.debugDescription))")
        case .valueNotFound(let type, let context):
            return refused(.wrongType, context.codingPath, "expected \(jsonName(type)), found null")
        case .dataCorrupted(let context):
            let place = path(context.codingPath)
            let code: Refusal =
                scan.nonIntegers.contains(place)
                ? .notInteger
                : context.debugDescription.hasPrefix("unknown ")
                    || context.debugDescription.contains("invalid String value")
                    ? .unknownTag : .invalidValue
            let why =
                code == .notInteger ? "expected an integer (\(context.debugDescription))" : context.debugDescription
            return refused(code, context.codingPath, why)
        @unknown default:
            return .damaged("the content cannot be decoded: \(error)", code: .syntax)
        }
    }

    /// What a reader of the JSON calls a Swift type.
    private static func jsonName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
