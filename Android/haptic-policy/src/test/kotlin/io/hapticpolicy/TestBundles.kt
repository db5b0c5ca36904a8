package io.hapticpolicy

import java.security.MessageDigest

/** Fixtures: `tiny.bundle.json` (the example of Docs/bundle-format.md, compiled by the Swift CLI). */
object TestBundles {
    /** The bytes of a test resource. */
    fun bytes(name: String): ByteArray =
        TestBundles::class.java.classLoader.getResource(name)?.readBytes() ?: error("missing test resource $name")

    /** The tiny bundle's bytes. */
    val tiny: ByteArray get() = bytes("tiny.bundle.json")

    /** A bundle whose content is `content` (the exact bytes), hashed as the writer does. */
    fun envelope(content: String, version: Int = 7, hash: String? = null): ByteArray {
        val digest = MessageDigest.getInstance("SHA-256").digest(content.toByteArray(Charsets.UTF_8))
        val h = hash ?: "sha256:" + digest.joinToString("") { String.format("%02x", it.toInt() and 0xFF) }
        return ("{\"format\":\"haptic-policy-bundle\",\"formatVersion\":$version,\"policy\":\"tiny\",\"hash\":\"$h\"," +
            "\"content\":$content}\n").toByteArray(Charsets.UTF_8)
    }

    /** The tiny bundle's content bytes (line 1's, the runtime part), as text. */
    val tinyContent: String
        get() {
            val text = String(tiny, Charsets.UTF_8).substringBefore('\n')
            return text.substring(text.indexOf(",\"content\":") + ",\"content\":".length, text.length - 1)
        }
}
