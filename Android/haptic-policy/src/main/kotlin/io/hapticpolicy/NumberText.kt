package io.hapticpolicy

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/**
 * Number formatting exactly as the Swift runtime writes numbers in notes and decision
 * logs (`numberText`): an integer below 1e15 without a fraction (`4`), otherwise Swift's
 * shortest round-trip `description` (`0.35`, `1e-05`, `1.5e+20`, `1000000000000000.0`).
 */
object NumberText {
    /**
     * Swift's `rounded()`: to the nearest integer, halves away from zero (62.5 gives 63,
     * where `Math.rint` gives 62), exactly: the fraction of a double is exact.
     */
    fun roundHalfAway(value: Double): Double {
        if (value.isNaN() || value.isInfinite()) return value
        val magnitude = Math.abs(value)
        val whole = Math.floor(magnitude)
        return Math.copySign(if (magnitude - whole >= 0.5) whole + 1 else whole, value)
    }

    /** The text of `value` as Swift's `numberText` gives it. */
    fun of(value: Double): String {
        if (Math.rint(value) == value && Math.abs(value) < 1e15) return value.toLong().toString()
        return fewDigits(value) ?: swiftDescription(value)
    }

    /**
     * [swiftDescription] of a value from 1e-4 to 1e15 that has a decimal form of at most 15
     * digits (`0.35`, `1.25`, `12.5`), without `BigDecimal`; null for any other value. The
     * fewest fraction digits `d` whose `m = rint(|value| × 10^d)` gives back the value as
     * `m / 10^d` (exact operands, one correctly rounded division: the decimal's nearest double)
     * is the shortest round-trip form. With `m` at most 1e15, 10^-d is several ulps of the value,
     * so no other `d`-digit decimal round-trips and Swift's closest-digits choice is the same;
     * and the product's rounding error stays far below 0.5, so `rint` finds `m` whenever it
     * exists.
     */
    internal fun fewDigits(value: Double): String? {
        val magnitude = Math.abs(value)
        if (!(magnitude >= 1e-4 && magnitude < 1e15)) return null
        for (d in 1..POW10.size - 1) {
            val m = Math.rint(magnitude * POW10[d])
            if (m > 1e15) return null
            if (m / POW10[d] != magnitude) continue
            val digits = m.toLong()
            val scale = LONG_POW10[d]
            val fraction = (digits % scale).toString()
            val sb = StringBuilder(24)
            if (value < 0) sb.append('-')
            sb.append(digits / scale).append('.')
            for (k in fraction.length until d) sb.append('0')
            return sb.append(fraction).toString()
        }
        return null
    }

    // Powers of ten by repeated exact products (Math.pow need not be exact).
    private val POW10 = DoubleArray(19).also { p -> p[0] = 1.0; for (k in 1 until p.size) p[k] = p[k - 1] * 10 }
    private val LONG_POW10 = LongArray(19).also { p -> p[0] = 1; for (k in 1 until p.size) p[k] = p[k - 1] * 10 }

    /** Swift's `Double.description`. */
    fun swiftDescription(value: Double): String {
        if (value.isNaN()) return "nan"
        if (value.isInfinite()) return if (value > 0) "inf" else "-inf"
        if (value == 0.0) return if (1.0 / value < 0) "-0.0" else "0.0"
        val negative = value < 0
        val magnitude = Math.abs(value)
        val digits = shortest(magnitude)
        // digits.unscaledValue × 10^-scale; normalise to d.ddd × 10^exponent.
        val unscaled = digits.unscaledValue().toString().trimEnd('0').ifEmpty { "0" }
        val exponent = digits.precision() - digits.scale() - 1
        val sb = StringBuilder()
        if (negative) sb.append('-')
        if (magnitude < 1e-4 || magnitude > 9007199254740992.0) {
            sb.append(unscaled[0])
            if (unscaled.length > 1) sb.append('.').append(unscaled, 1, unscaled.length)
            sb.append('e').append(if (exponent < 0) '-' else '+')
            val e = Math.abs(exponent)
            if (e < 10) sb.append('0')
            sb.append(e)
        } else if (exponent < 0) {
            sb.append("0.")
            for (k in 0 until -exponent - 1) sb.append('0')
            sb.append(unscaled)
        } else {
            val intDigits = exponent + 1
            if (unscaled.length <= intDigits) {
                sb.append(unscaled)
                for (k in 0 until intDigits - unscaled.length) sb.append('0')
                sb.append(".0")
            } else {
                sb.append(unscaled, 0, intDigits).append('.').append(unscaled, intDigits, unscaled.length)
            }
        }
        return sb.toString()
    }

    private fun shortest(magnitude: Double): BigDecimal {
        val exact = BigDecimal(magnitude)
        for (precision in 1..17) {
            val rounded = exact.round(MathContext(precision, RoundingMode.HALF_EVEN))
            if (rounded.toDouble() == magnitude) return rounded
        }
        return exact.round(MathContext(17, RoundingMode.HALF_EVEN))
    }
}
