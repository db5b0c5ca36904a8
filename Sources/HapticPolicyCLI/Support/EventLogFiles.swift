import HapticPolicyFrontEnd
import HapticPolicyReplay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The event logs named on a command line (`eval`, `diff`): files, directories and globs,
/// plain `.jsonl` or gzip `.jsonl.gz`, each log its own session.
///
/// Naming rule (the PySpark job of `Examples/spark/` follows it, so both name a session
/// alike): a file is named as given; a directory `D` stands for every `*.jsonl` and
/// `*.jsonl.gz` file under it, recursively, named `D/relative/path`, in byte order of the
/// relative path; a glob (`'logs/*.jsonl.gz'`, quoted so the shell leaves it) stands for
/// its matches, sorted. Given names keep their order.
package enum EventLogFiles {
    /// The names of `arguments` expanded, or the usage error of the first that names nothing.
    /// A directory is walked by `InputFiles.walk` (each real file once, no link loop, a
    /// bounded depth); what it skips is told to `warn`, one message each.
    package static func expand(
        _ arguments: [String], warn: (String) -> Void = { _ in }
    ) throws(UsageError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            if argument == "-" {
                paths.append(argument)
                continue
            }
            var info = stat()
            if stat(argument, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                let base = argument.count > 1 && argument.hasSuffix("/") ? String(argument.dropLast()) : argument
                let found = InputFiles.walk(base, matching: isLogName, warn: warn)
                guard !found.isEmpty else {
                    throw UsageError("\(argument): no *.jsonl or *.jsonl.gz files in this directory; give logs")
                }
                paths += found.map { base + "/" + $0 }
            } else if !fileExists(argument), argument.contains(where: { "*?[".contains($0) }) {
                let matches = expandGlob(argument)
                guard !matches.isEmpty else {
                    throw UsageError("\(argument): the pattern matches no file; check it (and quote it)")
                }
                paths += matches
            } else {
                // A missing file is a bad log of the run, reported by name when it is opened.
                paths.append(argument)
            }
        }
        if paths.filter({ $0 == "-" }).count > 1 {
            throw UsageError("stdin ('-') can be read only once; give the other logs as files")
        }
        return paths
    }

    /// Whether a path is a log by its name.
    package static func isLogName(_ name: String) -> Bool {
        name.hasSuffix(".jsonl") || name.hasSuffix(".jsonl.gz")
    }

    private static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

}

/// `glob(3)`'s matches of `pattern`, sorted by bytes (named so the C function is not hidden).
private func expandGlob(_ pattern: String) -> [String] {
    var result = glob_t()
    defer { globfree(&result) }
    guard glob(pattern, 0, nil, &result) == 0 else { return [] }
    var paths: [String] = []
    for index in 0..<Int(result.gl_pathc) {
        if let path = result.gl_pathv[index] { paths.append(String(cString: path)) }
    }
    return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
}

extension ChunkedInput {
    /// Whether the input is gzip data by its name (`.gz`).
    package var isGzip: Bool { path.hasSuffix(".gz") }

    /// Calls `body` with the log's bytes in chunks, decompressed when it is a `.gz` file
    /// (in bounded memory), until the end or until `body` returns false. The bytes go to
    /// the one `EventLogReader`, so a compressed log's lines are read exactly like a
    /// plain one's. Throws when the file, or its gzip data, cannot be read to its end.
    package func forEachLogChunk(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) throws(InputError) {
        guard isGzip else {
            try forEachChunk(body)
            return
        }
        let inflater = GzipInflater()
        var failure: GzipError?
        var stopped = false
        try forEachChunk(chunkSize: 1 << 16) { chunk in
            do throws(GzipError) {
                stopped = !(try inflater.consume(chunk, body))
                return !stopped
            } catch {
                failure = error
                return false
            }
        }
        if failure == nil, !stopped {
            do throws(GzipError) { try inflater.finish() } catch { failure = error }
        }
        if let failure { throw InputError(path: path, problem: .badGzip(failure.message)) }
    }
}
