import Foundation

/// The app's one policy and one session, shared by every thread: `decide` from anywhere,
/// `reload` an edited policy without a restart.
///
/// `reload` loads (or validates and compiles) the new policy completely before it swaps anything;
/// on any error the last good policy stays active and the diagnostics come back. The swap
/// is atomic with respect to `decide`: each decision is made wholly under one policy and
/// cites that policy's hash. Band levels, the open ticker gesture, running loops and the
/// engine state carry across the swap for signals and screens that still exist.
///
/// ```swift
/// let store = try PolicyStore(bundle: bytes)
/// let decided = store.decide(event: "plant.found", speaks: true)
/// player.handle(decided)
/// ```
public final class PolicyStore: @unchecked Sendable {
    // `@unchecked`: every stored var is read and written only with `lock` held.
    private let lock = StoreLock()
    private var loaded: Policy
    private var session: Session
    /// Reloads swapped in, and those of them that made their plan again under the lock.
    private var reloadCounts = (swapped: 0, replanned: 0)
    private var lastTime = 0.0
    private let startUptime = ProcessInfo.processInfo.systemUptime
    private var mistakeHandler: (@Sendable (IntegrationMistake) -> Void)?
    /// `kind name` of every mistake reported since the last swap.
    private var reportedMistakes: Set<String> = []

    /// The most distinct integration mistakes reported per policy; past it, no more are
    /// (so memory stays bounded whatever the app sends).
    public static let maxReportedMistakes = 1_000

    /// Called once for each distinct integration mistake (an event or screen name the
    /// policy does not know, a value or parameters it cannot use), on the thread that
    /// called `decide`, outside the store's lock. Route it to your logger in debug builds:
    /// a misspelt event name is otherwise a haptic that silently never plays. Counted
    /// again after a `reload`.
    public var onIntegrationMistake: (@Sendable (IntegrationMistake) -> Void)? {
        get { lock.withLock { mistakeHandler } }
        set { lock.withLock { mistakeHandler = newValue } }
    }

    /// One decision with the policy that made it.
    public struct Decided: Sendable {
        /// The decision.
        public var decision: Decision
        /// The policy that decided; `policy.hash` is the hash cited.
        public var policy: Policy

        /// `sha256:<hex>` of the policy that made the decision.
        public var policyHash: String { policy.hash }
    }

    /// What `reload` did.
    public struct ReloadResult: Sendable {
        /// Whether the new policy is now active.
        public var applied: Bool
        /// Every error and warning found; errors mean the old policy stayed.
        public var diagnostics: [Diagnostic]
        /// The hash of the policy active after the call.
        public var activeHash: String

        /// Creates a result.
        package init(applied: Bool, diagnostics: [Diagnostic], activeHash: String) {
            self.applied = applied
            self.diagnostics = diagnostics
            self.activeHash = activeHash
        }
    }

    /// Starts serving `policy` with a fresh session (no screen yet, engine cold).
    public init(_ policy: Policy, device: DeviceState = DeviceState()) {
        loaded = policy
        session = Session(policy: policy, device: device)
    }

    /// Starts serving a compiled bundle; throws `PolicyBundle.LoadError` when it is
    /// damaged or of another format.
    public convenience init(bundle bytes: [UInt8], device: DeviceState = DeviceState()) throws(PolicyBundle.LoadError) {
        self.init(try Policy(bundle: bytes), device: device)
    }

    /// The active policy.
    public var current: Policy {
        lock.withLock { loaded }
    }

    /// A copy of the session as it stands (screen, engine, loops, device).
    public var snapshot: Session {
        lock.withLock { session }
    }

    /// Decides one event by name, from any thread. `t` is seconds since the store
    /// started; by default the monotonic clock. Times never run backwards: a `t` older
    /// than the last decision's counts as the last decision's time. `params` are template
    /// parameters; `data` the event's data fields (`data:` in the policy, tested by rows'
    /// `when: {data: ...}`).
    public func decide(
        t: Double? = nil, event name: String, screen: String? = nil, subject: String? = nil,
        value: ScalarValue? = nil, speaks: Bool = false, params: [String: Double] = [:],
        data: [String: ScalarValue] = [:]
    ) -> Decided {
        let fields =
            data.isEmpty ? [] : data.sorted { $0.key < $1.key }.map { Event.Parameter(name: $0.key, value: $0.value) }
        return decide(
            t: t, event: name, screen: screen, subject: subject, value: value, speaks: speaks, params: params,
            fields: fields)
    }

    /// Decides one event whose data fields are already `Event.Parameter`s, sorted by name,
    /// some possibly without a value: what the event logs' `data` reading gives for a null,
    /// array or object field. The Expo bridge decodes JavaScript's `data` so (Web/expo/ios/Bridge).
    @inline(__always)
    package func decide(
        t: Double?, event name: String, screen: String?, subject: String?, value: ScalarValue?, speaks: Bool,
        params: [String: Double], fields: [Event.Parameter]
    ) -> Decided {
        let now = t ?? (ProcessInfo.processInfo.systemUptime - startUptime)
        let parameters = params.sorted { $0.key < $1.key }.map {
            Event.Parameter(name: $0.key, value: .number($0.value))
        }
        lock.lock()
        lastTime = max(lastTime, now)
        let event = session.event(
            t: lastTime, name: name, screen: screen, subject: subject, value: value, speaks: speaks,
            params: parameters, data: fields)
        let decided = Decided(decision: session.decide(event), policy: loaded)
        var report: (handler: @Sendable (IntegrationMistake) -> Void, mistake: IntegrationMistake)?
        if let handler = mistakeHandler, decided.decision.reason != nil,
            let mistake = IntegrationMistake.of(decided.decision, event: name, screen: screen),
            reportedMistakes.count < Self.maxReportedMistakes, reportedMistakes.insert(mistake.key).inserted
        {
            // The suggestion is looked for once per distinct mistake, not on every decision.
            report = (handler, mistake.suggested(from: loaded))
        }
        lock.unlock()
        if let report { report.handler(report.mistake) }
        return decided
    }

    /// Swaps in a policy already loaded or compiled; the session carries over (see the
    /// type's summary). Returns the hash now active.
    ///
    /// Decisions go on while the reload does everything that takes time: it looks up once,
    /// outside the lock, everything the migration finds by name (`Session.MigrationPlan`:
    /// screens, feedback, rules, signals, levels, parameters, budgets), and makes the next
    /// session there. Under the lock it carries the current session over into it (integers
    /// remapped, no name looked up; the subject table and band levels moved rather than
    /// copied in the usual edit, where the subjects pinned and the signals are the same) and
    /// swaps it in: about as long as one decision (`haptic-policy-bench` prints it). The
    /// reload never copies the session while decisions change it, so no decision pays for
    /// a copy of what it would share with one. The old session is freed outside the lock.
    /// Only when another reload swapped in a policy meanwhile is the plan made again, under
    /// the lock. So a reload always ends, after one try.
    @discardableResult
    public func reload(_ policy: Policy) -> String {
        let (current, limit) = lock.withLock { (session.policy, session.subjectLimit) }
        var plan = Session.MigrationPlan(from: current, to: policy)
        var next = Session(policy: policy, subjectLimit: limit)
        // The old session and the old mistakes come out of the lock, to be freed here.
        let old = lock.withLock { () -> (Session, Set<String>) in
            if session.policy !== plan.from {
                // Another reload swapped in another policy (which may pin other subjects,
                // so keep another limit).
                plan = Session.MigrationPlan(from: session.policy, to: policy)
                next = Session(policy: policy, subjectLimit: session.subjectLimit)
                reloadCounts.replanned += 1
            }
            next.carryOver(&session, plan: plan)
            swap(&session, &next)
            loaded = policy
            var mistakes: Set<String> = []
            swap(&reportedMistakes, &mistakes)
            reloadCounts.swapped += 1
            return (next, mistakes)
        }
        withExtendedLifetime(old) {}
        return policy.hash
    }

    /// How many reloads swapped a policy in, and how many of them made their plan again
    /// under the lock (`haptic-policy-bench` prints them).
    package var reloadsSwapped: (swapped: Int, replanned: Int) { lock.withLock { reloadCounts } }

    /// Loads a compiled bundle and swaps it in; a damaged bundle is refused with a
    /// diagnostic and the active policy stays.
    @discardableResult
    public func reload(bundle bytes: [UInt8], file: String = "<bundle>") -> ReloadResult {
        do {
            let hash = reload(try Policy(bundle: bytes))
            return ReloadResult(applied: true, diagnostics: [], activeHash: hash)
        } catch {
            return refused([
                Diagnostic.bundleRefused(error.description, at: SourceLocation(file: file, line: 1, column: 1))
            ])
        }
    }

    package func refused(_ diagnostics: [Diagnostic]) -> ReloadResult {
        ReloadResult(applied: false, diagnostics: diagnostics, activeHash: current.hash)
    }
}
