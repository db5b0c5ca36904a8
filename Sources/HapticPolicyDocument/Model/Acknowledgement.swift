import HapticPolicy

/// One entry of an `acknowledge:` map: a warning code the designer has looked at inside
/// one object of the policy, and why it is intended (`HP507: the picker's ticks are the
/// control`).
///
/// The front end reads them and takes them out of the tree before decoding, so they are
/// in no `PolicyDocument`, no compiled policy and no bundle: they change what `lint`
/// reports, never a decision (`AcknowledgementChecks.apply`).
public struct Acknowledgement: Sendable, Hashable, Codable {
    /// The part of the policy an acknowledgement covers.
    public enum Scope: Sendable, Hashable, Codable {
        /// Every location of one file: an `acknowledge:` at the top of that file.
        case file(String)
        /// The text of one object, from its start (its name, for a named entry) up to its
        /// end, exclusive, in one file.
        case span(from: SourceLocation, to: SourceLocation)
    }

    /// The code acknowledged (`HP507`), where it is written.
    public var code: Located<String>
    /// Why the warning is intended, as written after the code.
    public var reason: Located<String>
    /// What carries it, for messages: `budget 'B-2'`, `the top of 'ride.yaml'`.
    public var owner: String
    /// Which warnings it can acknowledge: those located inside this scope.
    public var scope: Scope

    /// Creates an acknowledgement.
    public init(code: Located<String>, reason: Located<String>, owner: String, scope: Scope) {
        self.code = code
        self.reason = reason
        self.owner = owner
        self.scope = scope
    }

    /// Whether `location` is inside the object that carries the acknowledgement.
    public func covers(_ location: SourceLocation) -> Bool {
        switch scope {
        case .file(let file):
            return location.file == file
        case .span(let from, let to):
            return location.file == from.file && from <= location && location < to
        }
    }

    /// Whether `self` is inside `other`'s object (a level inside its band, any object
    /// inside its file): the innermost acknowledgement of a warning wins.
    package func isInside(_ other: Acknowledgement) -> Bool {
        switch (scope, other.scope) {
        case (.file, .span): return false
        case (.file(let file), .file(let outer)): return file == outer
        case (.span(let from, _), .file(let file)): return from.file == file
        case (.span(let from, let to), .span(let outerFrom, let outerTo)):
            return from.file == outerFrom.file && outerFrom <= from && to <= outerTo
        }
    }
}
