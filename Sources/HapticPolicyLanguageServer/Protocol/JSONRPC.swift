import HapticPolicyCompiler
import HapticPolicyDocument

/// The messages of the Language Server Protocol 3.17 the server reads and writes, as typed
/// `Codable` values (https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/).
/// Each type names the section of the specification it follows. Only the fields the server
/// reads or writes are declared: a field the client sends that is not declared (a newer
/// version's, or one the server does not use) is ignored, as the specification expects of
/// unknown properties and capabilities.
///
/// Messages the server reads are read leniently where it always was lenient: a field of the
/// wrong type in the parameters of a notification or of `initialize` counts as absent (so a
/// client that sends an odd `initializationOptions` still gets a server), and only what a
/// request cannot be answered without (a document, a position) makes it fail, with
/// `InvalidParams`.
enum LSP {}

// MARK: - Base protocol (JSON-RPC 2.0)

extension LSP {
    /// The id of a request: an integer or a string (3.17, "Request Message": `id: integer |
    /// string`). A number with a fraction, which JSON-RPC 2.0 allows but discourages, is kept
    /// as it came so that the response carries it back unchanged.
    enum RequestID: Codable, Hashable, Sendable {
        /// An integer id, as every client sends.
        case integer(Int)
        /// A number that is not an integer.
        case number(Double)
        /// A string id.
        case string(String)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let integer = try? value.decode(Int.self) {
                self = .integer(integer)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var value = encoder.singleValueContainer()
            switch self {
            case .integer(let integer): try value.encode(integer)
            case .number(let number): try value.encode(number)
            case .string(let string): try value.encode(string)
            }
        }
    }

    /// JSON-RPC and LSP error codes (3.17, "Response Message", `ErrorCodes`).
    enum ErrorCode: Int, Codable, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
    }

    /// The error of a failed request (3.17, "Response Message", `ResponseError`, without the
    /// optional `data`, which the server never sends).
    struct ResponseError: Error, Codable, Sendable, Equatable {
        /// What kind of failure.
        var code: ErrorCode
        /// What went wrong, for a person.
        var message: String
    }

    /// A JSON `null`, the result of a request that answers with nothing (`shutdown`).
    struct Null: Codable, Sendable {
        init() {}

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            guard value.decodeNil() else {
                throw DecodingError.typeMismatch(
                    Null.self, .init(codingPath: decoder.codingPath, debugDescription: "expected null"))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var value = encoder.singleValueContainer()
            try value.encodeNil()
        }
    }

    /// A request (3.17, "Request Message"): what the server sends the client
    /// (`client/registerCapability`), and what a test sends the server.
    struct RequestMessage<Params: Codable & Sendable>: Codable, Sendable {
        /// Always "2.0".
        var jsonrpc = "2.0"
        /// The request's id, which its response carries.
        var id: RequestID
        /// The method.
        var method: String
        /// The parameters; omitted when nil.
        var params: Params?

        init(id: RequestID, method: String, params: Params?) {
            self.id = id
            self.method = method
            self.params = params
        }
    }

    /// A notification (3.17, "Notification Message"): no id, no response.
    struct NotificationMessage<Params: Codable & Sendable>: Codable, Sendable {
        /// Always "2.0".
        var jsonrpc = "2.0"
        /// The method.
        var method: String
        /// The parameters; omitted when nil.
        var params: Params?

        init(method: String, params: Params?) {
            self.method = method
            self.params = params
        }
    }

    /// A response (3.17, "Response Message"): the request's id (null when the request's could
    /// not be read) and either its result (`null` included) or its error, never both.
    struct ResponseMessage: Encodable, Sendable {
        /// How a request ended.
        enum Outcome: Sendable {
            /// Its result, which may itself be null (`Null`, or an `Optional` that is nil).
            case result(any Encodable & Sendable)
            /// Its error.
            case error(ResponseError)
        }

        /// The id of the request answered; nil writes `null`.
        var id: RequestID?
        /// The result or the error.
        var outcome: Outcome

        private enum CodingKeys: String, CodingKey {
            case jsonrpc, id, result, error
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("2.0", forKey: .jsonrpc)
            if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
            switch outcome {
            case .result(let result): try container.encode(result, forKey: .result)
            case .error(let error): try container.encode(error, forKey: .error)
            }
        }
    }

    /// The parameters of a message that has none (`shutdown`, `exit`, `initialized`): never
    /// written (`params` is then nil and omitted), only named.
    struct NoParams: Codable, Sendable {}
}

// MARK: - Reading

extension LSP {
    /// What one message body the client sent is, read as far as routing it needs: the
    /// parameters are read later, by the type the method expects (`params(_:from:)`), from
    /// the message as `JSONParser` read it (the body is parsed once).
    enum Incoming: Sendable {
        /// A request: it gets a response.
        case request(RequestID, method: String, message: JSONNode)
        /// A notification: it gets none.
        case notification(method: String, message: JSONNode)
        /// A response to a request of the server's (`client/registerCapability`): ignored.
        case response
        /// A message that cannot be handled, and the error response it gets (with a null id).
        case invalid(ResponseError)

        /// Reads the envelope of `body` (3.17, "Base Protocol" and "Abstract Message"):
        /// not JSON (or not UTF-8) is a `ParseError`; not an object, a message with neither
        /// a method nor a result or error, and a request whose id is neither a number nor a
        /// string are `InvalidRequest`s.
        static func read(_ body: [UInt8]) -> Incoming {
            guard let text = String(validating: body, as: UTF8.self),
                let message = try? JSONParser.parse(text, file: "message")
            else {
                return .invalid(ResponseError(code: .parseError, message: "the message is not JSON"))
            }
            guard let envelope = try? message.decode(Envelope.self) else {
                return .invalid(ResponseError(code: .invalidRequest, message: "a message must be a JSON object"))
            }
            guard let method = envelope.method else {
                if envelope.id == .absent || !envelope.hasResultOrError {
                    return .invalid(ResponseError(code: .invalidRequest, message: "a message without a method"))
                }
                return .response
            }
            switch envelope.id {
            case .absent: return .notification(method: method, message: message)
            case .id(let id): return .request(id, method: method, message: message)
            case .other:
                return .invalid(
                    ResponseError(code: .invalidRequest, message: "a request id must be a number or a string"))
            }
        }
    }

    /// The parameters of `message` as `Params`: nil when the message has none (or `null`),
    /// and an error when they are not a `Params`.
    static func params<Params: Decodable>(_: Params.Type, from message: JSONNode) throws -> Params? {
        guard let params = message["params"], params.value != .null else { return nil }
        return try params.decode(Params.self)
    }

    /// The parameters of `message` as `Params` read leniently (their types' own
    /// `init(from:)` takes a field of the wrong type as absent): `empty` when there are none
    /// or they are not a JSON object.
    static func lenientParams<Params: Decodable>(from message: JSONNode, else empty: Params) -> Params {
        ((try? params(Params.self, from: message)) ?? nil) ?? empty
    }

    /// A message's fields that say what it is; the rest (`params`, the values of `result`
    /// and `error`) are skipped.
    private struct Envelope: Decodable {
        enum ID: Equatable {
            /// No id, or `null`: a notification (or a response to nothing).
            case absent
            case id(RequestID)
            /// An id of another type (`[...]`, `{...}`, `true`).
            case other
        }

        var id: ID
        /// The method, when it is a string.
        var method: String?
        var hasResultOrError: Bool

        private enum CodingKeys: String, CodingKey {
            case id, method, result, error
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if !container.contains(.id) || (try? container.decodeNil(forKey: .id)) == true {
                id = .absent
            } else if let value = try? container.decode(RequestID.self, forKey: .id) {
                id = .id(value)
            } else {
                id = .other
            }
            method = try? container.decode(String.self, forKey: .method)
            hasResultOrError = container.contains(.result) || container.contains(.error)
        }
    }
}

// MARK: - Writing

extension LSP {
    /// `message` as the framed bytes the server writes: on one line by the tools' one JSON
    /// writer (`JSONNode(encoding:)`, keys sorted; `JSONWriter.line`, every string escaped
    /// by the tools' one rule, `JSONString`: U+2028, U+2029, U+0085 and the `/` of `</` as
    /// well), and framed (`Content-Length` counts the escaped bytes). Every message the
    /// server sends goes through here.
    static func framed(_ message: some Encodable) throws -> [UInt8] {
        MessageReader.frame(Array(JSONWriter.line(try JSONNode(encoding: message)).utf8))
    }
}

extension LSP {
    /// The request `method` with `params`, framed as a client writes it: for the tests, which
    /// drive the server with the same typed messages it reads.
    static func request<Params: Codable & Sendable>(_ id: Int, _ method: String, _ params: Params) -> [UInt8] {
        (try? framed(RequestMessage(id: .integer(id), method: method, params: params))) ?? []
    }

    /// The request `method` without parameters (`shutdown`), framed.
    static func request(_ id: Int, _ method: String) -> [UInt8] {
        (try? framed(RequestMessage<NoParams>(id: .integer(id), method: method, params: nil))) ?? []
    }

    /// The notification `method` with `params`, framed as a client writes it.
    static func notification<Params: Codable & Sendable>(_ method: String, _ params: Params) -> [UInt8] {
        (try? framed(NotificationMessage(method: method, params: params))) ?? []
    }

    /// The notification `method` without parameters (`exit`, `initialized`), framed.
    static func notification(_ method: String) -> [UInt8] {
        (try? framed(NotificationMessage<NoParams>(method: method, params: nil))) ?? []
    }
}

extension KeyedDecodingContainer {
    /// The value for `key` when it is there and a `T`; nil otherwise (a lenient read, for
    /// the fields the server has always taken as absent when they are of the wrong type).
    func lenient<T: Decodable>(_: T.Type, forKey key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }
}
