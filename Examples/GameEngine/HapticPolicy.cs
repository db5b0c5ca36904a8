// The C interface (haptic_policy.h) for C#, as a Unity plugin binds it: `__Internal` on
// iOS, where the library is linked into the app, the HapticPolicyC library elsewhere.
// scripts/test compiles it with Mono's mcs and runs Engine.cs against the library built
// here; its output must be expected.txt, the C host's (Docs/game-engines.md).
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace HapticPolicy
{
    /// <summary>What a decision does.</summary>
    public enum HapticAction { Play = 0, Silent = 1, Stop = 2, BadCall = -1 }

    /// <summary>One policy store: load the bundle the game ships, decide each event.</summary>
    public sealed class HapticPolicyStore : IDisposable
    {
#if UNITY_IOS && !UNITY_EDITOR
        const string Library = "__Internal";
#else
        const string Library = "HapticPolicyC";
#endif
        [DllImport(Library)] static extern IntPtr haptic_policy_open(byte[] bytes, IntPtr count, byte[] error, IntPtr capacity);
        [DllImport(Library)] static extern void haptic_policy_close(IntPtr policy);
        [DllImport(Library)]
        static extern int haptic_policy_decide(IntPtr policy, double t, byte[] eventName, byte[] screen, byte[] subject,
            int valueKind, double number, byte[] text, [MarshalAs(UnmanagedType.I1)] bool speaks);
        [DllImport(Library)] static extern IntPtr haptic_policy_feedback(IntPtr policy);
        [DllImport(Library)] static extern IntPtr haptic_policy_render(IntPtr policy);
        [DllImport(Library)] static extern IntPtr haptic_policy_reason(IntPtr policy);
        [DllImport(Library)] static extern IntPtr haptic_policy_rule(IntPtr policy);
        [DllImport(Library)] static extern IntPtr haptic_policy_note(IntPtr policy);
        [DllImport(Library)] static extern double haptic_policy_loop_period(IntPtr policy);
        [DllImport(Library)] static extern uint haptic_policy_directives(IntPtr policy);

        IntPtr handle;

        HapticPolicyStore(IntPtr handle) { this.handle = handle; }

        /// <summary>A store over a compiled bundle, or null with the reason in <paramref name="error"/>.</summary>
        public static HapticPolicyStore Open(byte[] bundle, out string error)
        {
            var message = new byte[256];
            IntPtr handle = haptic_policy_open(bundle, (IntPtr)bundle.Length, message, (IntPtr)message.Length);
            error = handle == IntPtr.Zero ? Text(message) : null;
            return handle == IntPtr.Zero ? null : new HapticPolicyStore(handle);
        }

        /// <summary>Decides one event at <paramref name="t"/> seconds (NaN: the store's clock).</summary>
        public HapticAction Decide(double t, string eventName, string screen = null, string subject = null,
            object value = null, bool speaks = false)
        {
            int kind = 0;
            double number = 0;
            byte[] text = null;
            if (value is double d) { kind = 1; number = d; }
            else if (value is bool b) { kind = 2; number = b ? 1 : 0; }
            else if (value is string s) { kind = 3; text = Utf8(s); }
            return (HapticAction)haptic_policy_decide(handle, t, Utf8(eventName), Utf8(screen), Utf8(subject), kind, number,
                text, speaks);
        }

        /// <summary>The last decision's feedback, or "".</summary>
        public string Feedback => Text(haptic_policy_feedback(handle));
        /// <summary>What it renders: a preset id, pattern:&lt;feedback&gt; or sequence:&lt;feedback&gt;, or "".</summary>
        public string Render => Text(haptic_policy_render(handle));
        /// <summary>Its reason id, or "".</summary>
        public string Reason => Text(haptic_policy_reason(handle));
        /// <summary>The rule that decided, or "".</summary>
        public string Rule => Text(haptic_policy_rule(handle));
        /// <summary>Its note, or "".</summary>
        public string Note => Text(haptic_policy_note(handle));
        /// <summary>Seconds between repetitions of the loop it starts, or 0.</summary>
        public double LoopPeriod => haptic_policy_loop_period(handle);
        /// <summary>Its directives as bits (1 prepare-engine, 2 restart-engine, 4 prepare-ticker, ...).</summary>
        public uint Directives => haptic_policy_directives(handle);

        /// <summary>Frees the store.</summary>
        public void Dispose()
        {
            haptic_policy_close(handle);
            handle = IntPtr.Zero;
        }

        /// <summary>A call with no store: what the library answers (BadCall), for hosts that check.</summary>
        public static HapticAction DecideWithoutStore(string eventName) =>
            (HapticAction)haptic_policy_decide(IntPtr.Zero, 0, Utf8(eventName), null, null, 0, 0, null, false);

        static byte[] Utf8(string text)
        {
            if (text == null) return null;
            var bytes = Encoding.UTF8.GetBytes(text);
            Array.Resize(ref bytes, bytes.Length + 1);
            return bytes;
        }

        static string Text(IntPtr pointer)
        {
            if (pointer == IntPtr.Zero) return "";
            int length = 0;
            while (Marshal.ReadByte(pointer, length) != 0) length++;
            var bytes = new byte[length];
            Marshal.Copy(pointer, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }

        static string Text(byte[] buffer)
        {
            int length = Array.IndexOf(buffer, (byte)0);
            return Encoding.UTF8.GetString(buffer, 0, length < 0 ? buffer.Length : length);
        }
    }
}
