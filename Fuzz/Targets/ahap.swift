import HapticPolicyExport

/// AHAP import as `import-ahap` runs it, and the pattern it prints.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAPImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: fuzzBytes(data, size), as: UTF8.self) else { return 0 }
    let result = AHAPImporter.importPattern(text, file: "fuzz.ahap")
    if let pattern = result.pattern {
        _ = PatternYAMLWriter.write(pattern, comment: ["fuzz"])
        _ = PatternYAMLWriter.write(pattern, indent: 2)
    }
    return 0
}
