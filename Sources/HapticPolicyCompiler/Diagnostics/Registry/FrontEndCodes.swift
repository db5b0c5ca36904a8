import HapticPolicy

// Codes of the YAML front end (HP001-HP099), emitted by the HapticPolicyYAML module for
// policies, test files and scenarios alike. They are declared here, in the core, so the
// registry can list them; the comment on each names the file that emits it.

/// An error of the front end whose example is its fixture policy,
/// `Tests/HapticPolicyYAMLTests/Fixtures/yaml/<code>-<slug>.fail.yaml` (with its fixed twin,
/// `.pass.yaml`; `FrontEndExamplesTests` checks both).
private func fixtureBacked(_ code: String, _ slug: String, _ summary: String) -> DiagnosticCode {
    DiagnosticCode(
        code, .error, slug, summary, stage: .frontEnd,
        example: .policy(.file("Tests/HapticPolicyYAMLTests/Fixtures/yaml/\(code)-\(slug).fail.yaml")))
}

extension DiagnosticCode {
    /// The file cannot be read (`InputCheck.swift`, and `lint` for a test file).
    package static let unreadableFile = DiagnosticCode(
        "HP001", .error, "unreadable-file",
        "the file cannot be read: it does not exist, is a directory or is not readable",
        stage: .frontEnd, example: .missingFile("missing.yaml"))
    /// Nothing but whitespace and comments (`InputCheck.swift`).
    package static let emptyFile = fixtureBacked(
        "HP002", "empty-file", "the file is empty: nothing but whitespace and comments")
    /// Bytes that are not UTF-8 (`InputCheck.swift`).
    package static let notUTF8 = fixtureBacked(
        "HP003", "not-utf8", "the file is not valid UTF-8")
    /// Over the size limit (`InputCheck.swift`, `PolicyLoader.swift`).
    package static let fileTooLarge = DiagnosticCode(
        "HP004", .error, "file-too-large",
        "the file is over the size limit (1 MiB unless `ParseLimits.maxBytes` says otherwise)",
        stage: .frontEnd,
        example: .policy(
            .inline("policy: example\nversion: 1\n# a comment that takes the file past 64 bytes\n"), maxBytes: 64))
    /// A YAML syntax error or an undefined alias (`YAML/YAMLSyntaxError+Diagnostic.swift`).
    package static let yamlSyntaxError = fixtureBacked(
        "HP005", "syntax-error", "a YAML syntax error, or an alias whose anchor is never defined")
    /// The same key twice in one mapping (`YAML/YAMLTreeBuilder.swift`).
    package static let duplicateKey = fixtureBacked(
        "HP006", "duplicate-key", "the same key twice in one mapping")
    /// Nesting deeper than the limit (`YAML/YAMLTreeBuilder.swift`).
    package static let nestingTooDeep = fixtureBacked(
        "HP007", "nesting-too-deep", "lists and mappings nested deeper than the limit (64 levels)")
    /// Too many nodes after alias expansion (`YAML/YAMLTreeBuilder.swift`).
    package static let aliasExpansionTooLarge = fixtureBacked(
        "HP008", "alias-expansion-too-large", "more nodes than the limit (100,000) once every alias is expanded")
    /// A second YAML document (`YAML/YAMLTreeBuilder.swift`).
    package static let multipleDocuments = fixtureBacked(
        "HP009", "multiple-documents", "more than one YAML document in the file")
    /// A tag the policy language does not use (`YAML/YAMLTreeBuilder.swift`).
    package static let unsupportedTag = fixtureBacked(
        "HP010", "unsupported-tag", "a tag the policy language does not use (`!!str` at most)")
    /// A value of the wrong type (`Decoding/PolicyDecoder+Values.swift`, `+Fields.swift`, `PolicyDecoder.swift`).
    package static let wrongType = fixtureBacked(
        "HP011", "wrong-type",
        "a value of the wrong type: a list for a number, a quoted number, an exception without its reason")
    /// An unknown key (`Decoding/PolicyDecoder+Fields.swift`).
    package static let unknownKey = fixtureBacked(
        "HP012", "unknown-key", "an unknown key, with the closest valid key when there is one")
    /// A missing required key (`Decoding/PolicyDecoder+Fields.swift`).
    package static let missingKey = fixtureBacked(
        "HP013", "missing-key", "a required key is missing, or none of the keys of which one is needed")
    /// An unknown word for a fixed choice (`Decoding/PolicyDecoder+Values.swift`, `DataFiles/PolicyTestLoader.swift`).
    package static let unknownWord = fixtureBacked(
        "HP014", "unknown-word", "an unknown word for a fixed choice: a preset, layer, event type, directive")
    /// An expression that does not parse (`Decoding/PolicyDecoder+Values.swift`).
    package static let expressionSyntax = fixtureBacked(
        "HP015", "expression-syntax", "an expression that does not parse")
    /// Keys that exclude each other (`Decoding/PolicyDecoder+Fields.swift`).
    package static let conflictingKeys = fixtureBacked(
        "HP016", "conflicting-keys", "keys that exclude each other used together (`play` and `silent`)")
    /// A known key that does not apply here (`Decoding/PolicyDecoder+Fields.swift`).
    package static let keyNotApplicable = fixtureBacked(
        "HP017", "key-not-applicable", "a known key that does not apply here (a transient's `duration`)")
    /// A number that is not finite (`Decoding/PolicyDecoder+Values.swift`).
    package static let numberNotFinite = fixtureBacked(
        "HP018", "number-not-finite", "a number that is not finite (`.inf`, `.nan`)")
    /// `yes` / `no` / `on` / `off` for a boolean (`Decoding/PolicyDecoder+Values.swift`).
    package static let looseBoolean = fixtureBacked(
        "HP019", "loose-boolean", "`yes`, `no`, `on` or `off` written for a boolean (only `true` and `false` are)")
    /// An unsupported language version (`Decoding/PolicyDecoder+Values.swift`).
    package static let unsupportedVersion = fixtureBacked(
        "HP020", "unsupported-version", "an unsupported policy language version (write `version: 1`)")
    /// An included file that cannot be read (`Decoding/PolicyIncludes.swift`).
    package static let includeUnreadable = fixtureBacked(
        "HP021", "include-unreadable",
        "an included file cannot be read: it does not exist, is a directory or is unreadable")
    /// An included file outside the policy's folder (`Decoding/PolicyIncludes.swift`).
    package static let includeOutsideFolder = fixtureBacked(
        "HP022", "include-outside-folder",
        "an included file outside the main file's folder: an absolute path, `..` above it, a symlink out of it")
    /// Files that include each other (`Decoding/PolicyIncludes.swift`).
    package static let includeCycle = fixtureBacked(
        "HP023", "include-cycle", "files that include each other in a cycle")
    /// A file included twice (`Decoding/PolicyIncludes.swift`).
    package static let includedTwice = fixtureBacked(
        "HP024", "included-twice", "the same file included twice")
    /// A main-file key in an included file (`Decoding/PolicyIncludes.swift`).
    package static let includeKeyNotAllowed = fixtureBacked(
        "HP025", "include-key-not-allowed",
        "an included file sets what only the main file may: `policy`, `version`, `description`, `engine`")
    /// Includes over a limit (`Decoding/PolicyIncludes.swift`).
    package static let includeLimit = fixtureBacked(
        "HP026", "include-limit",
        "includes nested too deeply (16), too many files (64) or too many bytes in all (1 MiB)")
    /// A name that is no constant where a number goes (`Decoding/PolicyDecoder+Constants.swift`).
    package static let unknownConstant = fixtureBacked(
        "HP027", "unknown-constant", "a name where a number goes that is not a declared constant")
    /// A constant that uses itself or a later one (`Decoding/PolicyDecoder+Constants.swift`).
    package static let constantOrder = fixtureBacked(
        "HP028", "constant-order", "a constant that uses itself or a constant declared after it")
    /// A constant with a fraction where a whole number goes (`Decoding/PolicyDecoder+Constants.swift`).
    package static let constantNotWhole = fixtureBacked(
        "HP029", "constant-not-whole", "a constant whose value has a fraction used where a whole number is needed")
}
