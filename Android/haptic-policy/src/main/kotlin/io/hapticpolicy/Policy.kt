package io.hapticpolicy

/**
 * A compiled policy read from a bundle: immutable and thread-safe; share one between
 * sessions. `Policy.fromBundle(bytes)` checks the format version and the hash.
 */
class Policy private constructor(
    /** Everything the bundle says. */
    val content: PolicyContent,
    /** `sha256:<hex>` of the content, as the bundle states it. */
    val hash: String
) {
    internal val index = PolicyIndex(content)

    /** The policy's name. */
    val name: String get() = content.name
    /** Seconds from `prepare-engine` until the engine is ready. */
    val warmup: Double get() = content.warmup
    /** Screen names. */
    val screenNames: List<String> get() = index.screenNames
    /** Event names: the built-in state events, the setting events, then the catalogue. */
    val eventNames: List<String> get() = index.eventNames
    /** The run-time parameters' names. */
    val parameterNames: List<String> = content.parameters.map { it.name }
    /** The user levels' names (empty when the policy has none). */
    val userLevelNames: List<String> = content.userLevels?.levels?.map { it.name } ?: emptyList()

    /** The plan of the feedback named `name`, if any. */
    fun feedback(name: String): FeedbackPlan? = content.feedback.firstOrNull { it.name == name }

    companion object {
        /** Reads a bundle (`haptic-policy compile` output); throws [BundleError]. */
        fun fromBundle(bytes: ByteArray): Policy {
            val (content, hash) = BundleReader.read(bytes)
            return Policy(content, hash)
        }
    }
}
