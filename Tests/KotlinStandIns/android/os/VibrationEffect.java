// Stand-in for android.os.VibrationEffect, for compiling Kotlin that calls it off Android.
// Only the declarations our code uses, with the constant values of the SDK; bodies never run.
//
// Every declaration is checked against aosp-mirror/platform_frameworks_base
// core/api/current.txt at commit 00049d6db7bf ("current.txt"), section `package android.os`,
// classes `VibrationEffect` and `VibrationEffect.Composition` (characters
// ~2,236,000-2,239,500). current.txt holds no API levels: the levels cited come from the
// Android API reference ("Added in API level N",
// https://developer.android.com/reference/android/os/VibrationEffect).
package android.os;

/**
 * current.txt: {@code public abstract class VibrationEffect implements android.os.Parcelable {}
 * (API level 26). The Parcelable side is left out: nothing here parcels an effect.
 */
public abstract class VibrationEffect {
    /** current.txt lists no constructor. */
    VibrationEffect() {}

    /** current.txt: {@code field public static final int EFFECT_CLICK = 0; // 0x0} (API level 29). */
    public static final int EFFECT_CLICK = 0;
    /** current.txt: {@code field public static final int EFFECT_DOUBLE_CLICK = 1; // 0x1} (API level 29). */
    public static final int EFFECT_DOUBLE_CLICK = 1;
    /** current.txt: {@code field public static final int EFFECT_TICK = 2; // 0x2} (API level 29). */
    public static final int EFFECT_TICK = 2;
    /** current.txt: {@code field public static final int EFFECT_HEAVY_CLICK = 5; // 0x5} (API level 29). */
    public static final int EFFECT_HEAVY_CLICK = 5;

    /** current.txt: {@code method public static android.os.VibrationEffect createOneShot(long, int);} (API level 26). */
    public static VibrationEffect createOneShot(long milliseconds, int amplitude) { throw new UnsupportedOperationException(); }

    /** current.txt: {@code method public static android.os.VibrationEffect createWaveform(long[], int[], int);} (API level 26). */
    public static VibrationEffect createWaveform(long[] timings, int[] amplitudes, int repeat) { throw new UnsupportedOperationException(); }

    /** current.txt: {@code method @NonNull public static android.os.VibrationEffect createPredefined(int);} (API level 29). */
    public static VibrationEffect createPredefined(int effectId) { throw new UnsupportedOperationException(); }

    /** current.txt: {@code method @NonNull public static android.os.VibrationEffect.Composition startComposition();} (API level 30). */
    public static Composition startComposition() { throw new UnsupportedOperationException(); }

    /** current.txt: {@code public static final class VibrationEffect.Composition {} (no public ctor listed; API level 30). */
    public static final class Composition {
        private Composition() {}

        /** current.txt: {@code field public static final int PRIMITIVE_CLICK = 1; // 0x1} (API level 30). */
        public static final int PRIMITIVE_CLICK = 1;
        /** current.txt: {@code field public static final int PRIMITIVE_THUD = 2; // 0x2} (API level 31). */
        public static final int PRIMITIVE_THUD = 2;
        /** current.txt: {@code field public static final int PRIMITIVE_SPIN = 3; // 0x3} (API level 31). */
        public static final int PRIMITIVE_SPIN = 3;
        /** current.txt: {@code field public static final int PRIMITIVE_QUICK_RISE = 4; // 0x4} (API level 30). */
        public static final int PRIMITIVE_QUICK_RISE = 4;
        /** current.txt: {@code field public static final int PRIMITIVE_SLOW_RISE = 5; // 0x5} (API level 30). */
        public static final int PRIMITIVE_SLOW_RISE = 5;
        /** current.txt: {@code field public static final int PRIMITIVE_QUICK_FALL = 6; // 0x6} (API level 30). */
        public static final int PRIMITIVE_QUICK_FALL = 6;
        /** current.txt: {@code field public static final int PRIMITIVE_TICK = 7; // 0x7} (API level 30). */
        public static final int PRIMITIVE_TICK = 7;
        /** current.txt: {@code field public static final int PRIMITIVE_LOW_TICK = 8; // 0x8} (API level 31). */
        public static final int PRIMITIVE_LOW_TICK = 8;

        /**
         * current.txt: {@code method @NonNull public android.os.VibrationEffect.Composition addPrimitive(int, @FloatRange(from=0.0f, to=1.0f) float);}
         * (API level 30).
         */
        public Composition addPrimitive(int primitiveId, float scale) { throw new UnsupportedOperationException(); }

        /**
         * current.txt: {@code method @NonNull public android.os.VibrationEffect.Composition addPrimitive(int, @FloatRange(from=0.0f, to=1.0f) float, @IntRange(from=0) int);}
         * (API level 30).
         */
        public Composition addPrimitive(int primitiveId, float scale, int delay) { throw new UnsupportedOperationException(); }

        /** current.txt: {@code method @NonNull public android.os.VibrationEffect compose();} (API level 30). */
        public VibrationEffect compose() { throw new UnsupportedOperationException(); }
    }
}
