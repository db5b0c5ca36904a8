#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says about a watched file: enough to see a save, including an editor's
/// atomic save (a new file renamed over the old one: a new inode) and a file that is gone.
/// Polling these is portable (Linux and macOS) and cheap: a handful of files every 100 ms.
struct FileFingerprint: Equatable {
    /// The device and inode: a rename over the file changes them.
    var device: UInt64
    /// The inode.
    var inode: UInt64
    /// The size in bytes.
    var size: Int64
    /// The modification time in nanoseconds since 1970.
    var modified: Int64

    /// The file's fingerprint now; nil when it does not exist or cannot be stat'ed.
    static func of(_ path: String) -> FileFingerprint? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return FileFingerprint(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: Int64(info.st_size), modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }
}

/// Decides when `watch` runs a round, from the fingerprints it polls: after a change,
/// once the files have been quiet for `quiet` seconds (a burst of saves is one round), and
/// when a file is missing, only after `missingGrace` seconds (an editor that deletes and
/// rewrites, or renames, leaves it gone for a moment).
struct WatchDebouncer {
    /// Seconds without a change before a round runs.
    var quiet: Double = 0.15
    /// Seconds a missing file is waited for before the round reports it.
    var missingGrace: Double = 1.0
    private var seen: [FileFingerprint?]
    private var lastChange: Double?

    /// Starts from the fingerprints the first round saw.
    init(seen: [FileFingerprint?], quiet: Double = 0.15, missingGrace: Double = 1.0) {
        self.seen = seen
        self.quiet = quiet
        self.missingGrace = missingGrace
    }

    /// Takes the fingerprints polled at `now` (seconds on any steady clock); returns
    /// whether a round should run now.
    mutating func observe(_ fingerprints: [FileFingerprint?], at now: Double) -> Bool {
        if fingerprints != seen {
            seen = fingerprints
            lastChange = now
            return false
        }
        guard let changed = lastChange else { return false }
        let waited = now - changed
        guard waited >= quiet else { return false }
        if fingerprints.contains(where: { $0 == nil }), waited < missingGrace { return false }
        lastChange = nil
        return true
    }
}
