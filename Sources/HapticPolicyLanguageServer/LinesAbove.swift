/// The lines above a cursor, read the way the completion and hover helpers read them.
enum LinesAbove {
    /// The body of the nearest line above indented less than `indent` (without its list
    /// dash, trailing comment and trailing spaces), skipping blank and comment lines; nil
    /// if there is none.
    static func parentBody(indent: Int, above: [[Unicode.Scalar]]) -> Substring? {
        for scalars in above.reversed() {
            let text = String(String.UnicodeScalarView(scalars))
            let lead = text.prefix { $0 == " " }.count
            let content = text.dropFirst(lead)
            if content.isEmpty || content.hasPrefix("#") { continue }
            guard lead < indent else { continue }
            var body = content.hasPrefix("- ") ? content.dropFirst(2) : content
            if let comment = body.range(of: " #") { body = body[..<comment.lowerBound] }
            while body.last == " " { body.removeLast() }
            return body
        }
        return nil
    }
}
