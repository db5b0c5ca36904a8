package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Test
import java.util.Random

class NumberTextTest {
    /** Swift's `String(Double)` of these values, printed by `swift` 6.3.1 on Linux. */
    @Test
    fun formatsAsSwiftDescribes() {
        val swift = listOf(
            1e-5 to "1e-05", 1.5e-5 to "1.5e-05", 0.0001 to "0.0001", 0.00012345 to "0.00012345",
            1e15 to "1000000000000000.0", 1e16 to "1e+16", 9007199254740992.0 to "9007199254740992.0",
            9007199254740994.0 to "9.007199254740994e+15", 123456789.123 to "123456789.123", 1e300 to "1e+300",
            0.1 to "0.1", 0.35294117647058826 to "0.35294117647058826", 1.7976931348623157e308 to "1.7976931348623157e+308",
            2.5e-7 to "2.5e-07", 12345678901234.5 to "12345678901234.5", 1e22 to "1e+22", 1e23 to "1e+23"
        )
        for ((value, text) in swift) assertEquals("$value", text, NumberText.swiftDescription(value))
    }

    /** Swift's `rounded()` (halves away from zero), not `Math.rint` (halves to even) or `Math.round` (halves up). */
    @Test
    fun roundsHalvesAwayFromZeroAsSwiftDoes() {
        val cases = listOf(62.5 to 63.0, 187.5 to 188.0, 2.5 to 3.0, -2.5 to -3.0, -62.5 to -63.0, 0.49999999999999994 to 0.0,
            62.4 to 62.0, -0.4 to -0.0, 4503599627370497.0 to 4503599627370497.0)
        for ((value, rounded) in cases) assertEquals("$value", rounded, NumberText.roundHalfAway(value), 0.0)
    }

    @Test
    fun integersBelow1e15HaveNoFraction() {
        assertEquals("4", NumberText.of(4.0))
        assertEquals("-120", NumberText.of(-120.0))
        assertEquals("0", NumberText.of(0.0))
        assertEquals("1000000000000000.0", NumberText.of(1e15))
        assertEquals("0.5", NumberText.of(0.5))
    }

    /** `of` writes decimals of up to 15 digits without BigDecimal: the same text as the exact path. */
    @Test
    fun shortDecimalsAsTheExactPathWritesThem() {
        val rng = Random(21)
        val values = ArrayList(listOf(0.35, 1.2, 0.0001, 0.00012345, 12345678901234.5, 999999999999999.9, 0.1 + 0.2, 1.0 / 3, 2.675))
        repeat(50000) {
            val d = 1 + rng.nextInt(17)
            val m = (rng.nextDouble() * Math.pow(10.0, 1.0 + rng.nextInt(16))).toLong()
            values.add((if (rng.nextBoolean()) -1 else 1) * m / Math.pow(10.0, d.toDouble()))
            values.add(java.lang.Double.longBitsToDouble(rng.nextLong() and 0x7fffffffffffffffL))
            values.add(Math.rint(rng.nextDouble() * 60000) / 1000)
        }
        var checked = 0
        for (v in values) {
            if (!v.isFinite() || (Math.rint(v) == v && Math.abs(v) < 1e15)) continue
            assertEquals("$v", NumberText.swiftDescription(v), NumberText.of(v))
            checked++
        }
        assertEquals(true, checked > 100000)
    }
}
