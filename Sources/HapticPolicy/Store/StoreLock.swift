#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// The lock of `PolicyStore`: a lock that spins for a while before it puts the caller to
/// sleep.
///
/// A decision holds the store's lock for a few hundred nanoseconds. With `NSLock` (a plain
/// pthread mutex on Linux) a second thread that finds it held goes to sleep in the kernel
/// and is woken tens of microseconds later: the two-thread p99 was 26 µs for a median of
/// 240 ns. Spinning first lets it take the lock as soon as the holder lets go, which is
/// nearly always within the spin; only a holder that was itself preempted makes it sleep.
/// On Linux this is up to `spins` `pthread_mutex_trylock` calls before `pthread_mutex_lock`
/// on glibc's adaptive mutex (`PTHREAD_MUTEX_ADAPTIVE_NP`, which spins up to about a hundred
/// tries more): the adaptive mutex's own spin alone was too short on a loaded machine
/// (two-thread p99 12–32 µs, `Docs/performance.md`). On Apple platforms a bounded
/// `os_unfair_lock_trylock` loop before `os_unfair_lock_lock` (which sleeps with priority
/// donation). Elsewhere it is `NSLock`.
///
/// The longer spin buys a short tail with the contended median: two threads deciding back
/// to back now take turns instead of one running on while the other sleeps, so a contended
/// decision usually waits for the other thread's (a median of about a microsecond) and the
/// tail is a few microseconds instead of tens; throughput stays the same.
final class StoreLock: @unchecked Sendable {
    // `@unchecked`: the lock's storage is only touched through the platform's lock calls.
    #if canImport(Darwin)
    private let storage: UnsafeMutablePointer<os_unfair_lock>
    /// How many times `lock()` tries before it sleeps.
    private static let spins = 100
    #elseif canImport(Glibc)
    private let storage: UnsafeMutablePointer<pthread_mutex_t>
    /// How many times `lock()` tries before it waits in the mutex (which spins a little
    /// more, then sleeps). A thousand failed tries outlast many decisions' lock hold (a few
    /// hundred nanoseconds each), so that only a preempted holder sends a caller to sleep.
    private static let spins = 1_000
    #else
    private let storage = NSLock()
    #endif

    init() {
        #if canImport(Darwin)
        storage = .allocate(capacity: 1)
        storage.initialize(to: os_unfair_lock())
        #elseif canImport(Glibc)
        storage = .allocate(capacity: 1)
        storage.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        let status = pthread_mutex_init(storage, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if canImport(Darwin)
        storage.deinitialize(count: 1)
        storage.deallocate()
        #elseif canImport(Glibc)
        pthread_mutex_destroy(storage)
        storage.deinitialize(count: 1)
        storage.deallocate()
        #endif
    }

    /// Takes the lock, spinning briefly before sleeping.
    func lock() {
        #if canImport(Darwin)
        for _ in 0..<Self.spins {
            if os_unfair_lock_trylock(storage) { return }
        }
        os_unfair_lock_lock(storage)
        #elseif canImport(Glibc)
        for _ in 0..<Self.spins {
            if pthread_mutex_trylock(storage) == 0 { return }
        }
        pthread_mutex_lock(storage)
        #else
        storage.lock()
        #endif
    }

    /// Lets the lock go.
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(storage)
        #elseif canImport(Glibc)
        pthread_mutex_unlock(storage)
        #else
        storage.unlock()
        #endif
    }

    /// Runs `body` with the lock held.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
