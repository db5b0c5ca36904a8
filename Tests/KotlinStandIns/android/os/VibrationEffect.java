// Stand-in for android.os.VibrationEffect, for compiling the generated Kotlin off Android.
// Only the declarations the generated code uses, with the signatures and constant values
// of the Android SDK; bodies never run.
// https://developer.android.com/reference/android/os/VibrationEffect
package android.os;

/**
 * {@code public abstract class VibrationEffect implements Parcelable} (API level 26; the
 * Parcelable side is not needed here): https://developer.android.com/reference/android/os/VibrationEffect
 */
public abstract class VibrationEffect {
    /** {@code EFFECT_CLICK = 0} (API level 29): https://developer.android.com/reference/android/os/VibrationEffect#EFFECT_CLICK */
    public static final int EFFECT_CLICK = 0;
    /** {@code EFFECT_DOUBLE_CLICK = 1} (API level 29): https://developer.android.com/reference/android/os/VibrationEffect#EFFECT_DOUBLE_CLICK */
    public static final int EFFECT_DOUBLE_CLICK = 1;
    /** {@code EFFECT_TICK = 2} (API level 29): https://developer.android.com/reference/android/os/VibrationEffect#EFFECT_TICK */
    public static final int EFFECT_TICK = 2;
    /** {@code EFFECT_HEAVY_CLICK = 5} (API level 29): https://developer.android.com/reference/android/os/VibrationEffect#EFFECT_HEAVY_CLICK */
    public static final int EFFECT_HEAVY_CLICK = 5;

    /**
     * {@code public static VibrationEffect createOneShot(long milliseconds, int amplitude)} (API level 26):
     * https://developer.android.com/reference/android/os/VibrationEffect#createOneShot(long,%20int)
     */
    public static VibrationEffect createOneShot(long milliseconds, int amplitude) { throw new UnsupportedOperationException(); }

    /**
     * {@code public static VibrationEffect createWaveform(long[] timings, int[] amplitudes, int repeat)} (API level 26):
     * https://developer.android.com/reference/android/os/VibrationEffect#createWaveform(long[],%20int[],%20int)
     */
    public static VibrationEffect createWaveform(long[] timings, int[] amplitudes, int repeat) { throw new UnsupportedOperationException(); }

    /**
     * {@code public static VibrationEffect createPredefined(int effectId)} (API level 29):
     * https://developer.android.com/reference/android/os/VibrationEffect#createPredefined(int)
     */
    public static VibrationEffect createPredefined(int effectId) { throw new UnsupportedOperationException(); }

    /**
     * {@code public static VibrationEffect.Composition startComposition()} (API level 30):
     * https://developer.android.com/reference/android/os/VibrationEffect#startComposition()
     */
    public static Composition startComposition() { throw new UnsupportedOperationException(); }

    /**
     * {@code public static final class VibrationEffect.Composition} (API level 30):
     * https://developer.android.com/reference/android/os/VibrationEffect.Composition
     */
    public static final class Composition {
        private Composition() {}

        /** {@code PRIMITIVE_CLICK = 1} (API level 30): https://developer.android.com/reference/android/os/VibrationEffect.Composition#PRIMITIVE_CLICK */
        public static final int PRIMITIVE_CLICK = 1;
        /** {@code PRIMITIVE_THUD = 2} (API level 31): https://developer.android.com/reference/android/os/VibrationEffect.Composition#PRIMITIVE_THUD */
        public static final int PRIMITIVE_THUD = 2;
        /** {@code PRIMITIVE_SPIN = 3} (API level 31): https://developer.android.com/reference/android/os/VibrationEffect.Composition#PRIMITIVE_SPIN */
        public static final int PRIMITIVE_SPIN = 3;
        /** {@code PRIMITIVE_QUICK_RISE = 4} (API level 30): https://developer.android.com/reference/android/os/VibrationEffect.Composition#PRIMITIVE_QUICK_RISE */
        public static final int PRIMITIVE_QUICK_RISE = 4;
        /** {@code PRIMITIVE_SLOW_RISE = 5} (API level 30): https://developer.android.com/reference/android/os/VibrationEffect.Composition#PRIMITIVE_SLOW_RISE */
        public static final int PRIMITIVE_SLOW_RISE = 5;
        /** {@code PRIMITIVE_QUICK_FALL = 6} (API level 30): https://developer.android.com/reference/android/os/VibrationEffect.Composition#PRIMITIVE_QUICK_FALL */
        public static final int PRIMITIVE_QUICK_FALL = 6;
        /** {@code PRIMITIVE_TICK = 7} (API level 30): https://developer.android.com/reference/android/os/VibrationEffect.Composition#PRIMITIVE_TICK */
        public static final int PRIMITIVE_TICK = 7;
        /** {@code PRIMITIVE_LOW_TICK = 8} (API level 31): https://developer.android.com/reference/android/os/VibrationEffect.Composition#PRIMITIVE_LOW_TICK */
        public static final int PRIMITIVE_LOW_TICK = 8;

        /**
         * {@code public VibrationEffect.Composition addPrimitive(int primitiveId, float scale)} (API level 30):
         * https://developer.android.com/reference/android/os/VibrationEffect.Composition#addPrimitive(int,%20float)
         */
        public Composition addPrimitive(int primitiveId, float scale) { throw new UnsupportedOperationException(); }

        /**
         * {@code public VibrationEffect.Composition addPrimitive(int primitiveId, float scale, int delay)} (API level 30):
         * https://developer.android.com/reference/android/os/VibrationEffect.Composition#addPrimitive(int,%20float,%20int)
         */
        public Composition addPrimitive(int primitiveId, float scale, int delay) { throw new UnsupportedOperationException(); }

        /**
         * {@code public VibrationEffect compose()} (API level 30):
         * https://developer.android.com/reference/android/os/VibrationEffect.Composition#compose()
         */
        public VibrationEffect compose() { throw new UnsupportedOperationException(); }
    }
}
