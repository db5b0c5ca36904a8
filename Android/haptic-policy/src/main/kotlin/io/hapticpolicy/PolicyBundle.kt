package io.hapticpolicy

import java.security.MessageDigest

/*
 * A compiled bundle's envelope (Docs/bundle-format.md, format 6): its format version, its
 * hash, and the refusals every runtime reports alike (PolicyBundle.swift). The content is
 * read by BundleJSON.kt, BundleCoding.kt and Consistency.kt.
 */

/**
 * Why a bundle was refused; nothing half-loaded ever decides. [code] is the refusal's
 * stable code (Docs/bundle-format.md, "What a reader must refuse"), [path] the JSON path of
 * the refused place (`content.cells[2].rows[0].action.kind`; `""` for the envelope) and
 * [offset] its byte offset in the file, when one place is wrong.
 */
sealed class BundleError(message: String, val code: String, val path: String, val offset: Int?) : Exception(message) {
    /** The bytes are not a bundle envelope. */
    class NotABundle(why: String) :
        BundleError("not a haptic-policy bundle ($why); build one with 'haptic-policy compile <policy> -o <bundle.json>'", "not-a-bundle", "", 0)

    /** A bundle of another format version. */
    class UnsupportedVersion(val found: Int, val supported: Int) : BundleError(
        if (found < supported) "bundle format version $found is older than the version $supported this library reads; " +
            "recompile the policy with this haptic-policy ('haptic-policy compile <policy> -o <bundle.json>')"
        else "bundle format version $found is newer than the version $supported this library reads; update the " +
            "library, or compile the policy with the haptic-policy that matches it",
        "unsupported-version", "formatVersion", null
    )

    /** The content does not hash to the envelope's hash. */
    class HashMismatch(val expected: String, val actual: String) : BundleError(
        "bundle hash mismatch: header says $expected, content is $actual; the bundle was edited or damaged, recompile it",
        "hash-mismatch", "hash", null
    )

    /** The content does not decode or is inconsistent. */
    class Damaged(why: String, code: String = "inconsistent", path: String = "content", offset: Int? = null) :
        BundleError("bundle is truncated or damaged ($why); recompile it", code, path, offset)
}

/**
 * Reads bundle format 7 (`Docs/bundle-format.md`): line 1 alone, the runtime part (what follows
 * the first line feed, the tools part, is never parsed): envelope, version, hash, then the content.
 */
object BundleReader {
    /** The one format version this library reads. */
    const val FORMAT_VERSION = 7
    /** The envelope's `format`. */
    const val FORMAT_NAME = "haptic-policy-bundle"
    /** The largest bundle every runtime reads: 8 MiB (Docs/bundle-format.md, "Size"). */
    const val MAX_BYTES = 8 shl 20

    /** The content of a bundle and its `sha256:` hash, checked; throws [BundleError]. */
    fun read(file: ByteArray): Pair<PolicyContent, String> {
        if (file.size > MAX_BYTES)
            throw BundleError.Damaged("the bundle is ${file.size} bytes, over the $MAX_BYTES-byte limit every runtime reads", "too-large", "", MAX_BYTES)
        // Line 1 alone: a line feed never stands inside JSON text.
        val bytes = file.indexOf(0x0A.toByte()).let { if (it < 0) file else file.copyOf(it) }
        val head = String(bytes, 0, minOf(bytes.size, 4096), Charsets.ISO_8859_1)
        val marker = ",\"content\":"
        val at = head.indexOf(marker)
        if (!head.startsWith("{") || at < 0) throw BundleError.NotABundle("no envelope with 'content' in its first 4096 bytes")
        val parsedEnvelope = try {
            JsonParser.parse(bytes.copyOf(at + 1).also { it[at] = '}'.toByte() }, 0, at + 1, "", 0)
        } catch (e: JsonSyntaxError) {
            throw BundleError.NotABundle("the envelope is not JSON: ${e.message}")
        }
        val fields = (parsedEnvelope.value as? JsonValue.Obj)?.fields ?: throw BundleError.NotABundle("the envelope is not an object")
        if ((fields["format"] as? JsonValue.Str)?.value != FORMAT_NAME) throw BundleError.NotABundle("'format' is not '$FORMAT_NAME'")
        // A formatVersion missing or not a number leaves the envelope without its four fields,
        // as Swift and TypeScript read it: no bundle, not a bundle of another version.
        val version = (fields["formatVersion"] as? JsonValue.Num)?.value ?: throw BundleError.NotABundle("'formatVersion' is missing or not a number")
        if (version != Math.rint(version) || "formatVersion" in parsedEnvelope.nonIntegers)
            throw BundleError.NotABundle("'formatVersion' is not an integer")
        if (version != FORMAT_VERSION.toDouble()) throw BundleError.UnsupportedVersion(version.toInt(), FORMAT_VERSION)
        val hash = (fields["hash"] as? JsonValue.Str)?.value ?: throw BundleError.Damaged("the envelope has no 'hash'")
        if (fields["policy"] !is JsonValue.Str) throw BundleError.NotABundle("'policy' is missing")
        for (key in fields.keys) if (key !in listOf("format", "formatVersion", "policy", "hash"))
            throw BundleError.NotABundle("the envelope has an unknown field '$key'")
        var end = bytes.size
        while (end > 0 && bytes[end - 1].toInt().let { it == 0x20 || it == 0x0A || it == 0x0D || it == 0x09 }) end--
        val start = at + marker.length
        if (end <= start + 1 || bytes[end - 1].toInt() != 0x7D) throw BundleError.Damaged("line 1 ends early", "truncated", "", end)
        val contentEnd = end - 1
        val digest = MessageDigest.getInstance("SHA-256")
        digest.update(bytes, start, contentEnd - start)
        val actual = "sha256:" + digest.digest().joinToString("") { String.format("%02x", it.toInt() and 0xFF) }
        if (actual != hash) throw BundleError.HashMismatch(hash, actual)
        val parsed = try {
            JsonParser.parse(bytes, start, contentEnd, "content", 1, refuseNull = true)
        } catch (e: JsonSyntaxError) {
            throw BundleError.Damaged("the content is not JSON: ${e.message}", e.code, e.path, e.offset)
        }
        // Offsets are found again only for a refusal: a valid bundle keeps no map of its paths.
        val places = Places(parsed) { JsonParser.parse(bytes, start, contentEnd, "content", 1, refuseNull = true, record = true) }
        val content = try {
            ContentDecoder.content(Node(parsed.value, "content", places))
        } catch (e: DecodeError) {
            throw BundleError.Damaged(e.message ?: "undecodable", e.code, e.path, e.offset)
        }
        Consistency.problem(content)?.let { throw BundleError.Damaged(it, "inconsistent", "content", start) }
        return Pair(content, hash)
    }
}
