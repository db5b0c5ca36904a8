// A C# host of the C interface, the flow engine.c runs, through HapticPolicy.cs: its
// output is expected.txt, line for line (scripts/test). In Unity the same calls go in a
// MonoBehaviour; the decision's render goes to the game's haptics.
using System;
using System.Globalization;
using System.IO;
using HapticPolicy;

static class Engine
{
    static string ActionName(HapticAction action)
    {
        switch (action)
        {
            case HapticAction.Play: return "play";
            case HapticAction.Silent: return "silent";
            case HapticAction.Stop: return "stop";
            default: return "bad call";
        }
    }

    static void Decide(HapticPolicyStore policy, double t, string eventName, string screen = null, object value = null,
        bool speaks = false)
    {
        var action = policy.Decide(t, eventName, screen, null, value, speaks);
        var line = double.IsNaN(t)
            ? string.Format(CultureInfo.InvariantCulture, "  now    {0,-18} {1,-6}", eventName, ActionName(action))
            : string.Format(CultureInfo.InvariantCulture, "{0,5:F2} s  {1,-18} {2,-6}", t, eventName, ActionName(action));
        if (action == HapticAction.Play) line += $" {policy.Feedback} ({policy.Render})";
        if (policy.Reason.Length > 0) line += " " + policy.Reason;
        if (policy.Rule.Length > 0) line += " by " + policy.Rule;
        if ((policy.Directives & 1) != 0) line += " [prepare-engine]";
        if (policy.LoopPeriod > 0) line += string.Format(CultureInfo.InvariantCulture, " every {0} s", policy.LoopPeriod);
        Console.Write(line + "\n");
    }

    static int Main(string[] arguments)
    {
        if (arguments.Length != 1)
        {
            Console.Error.WriteLine("usage: Engine.exe <bundle.json>");
            return 2;
        }
        byte[] bytes = File.ReadAllBytes(arguments[0]);
        var policy = HapticPolicyStore.Open(bytes, out string error);
        if (policy == null)
        {
            Console.Error.WriteLine("error: " + error);
            return 1;
        }
        Decide(policy, 0.0, "screen.enter", "camera");
        Decide(policy, 1.0, "plant.found", speaks: true);
        Decide(policy, 1.2, "plant.found");
        Decide(policy, 1.5, "device.lowPower", value: true);
        Decide(policy, 2.0, "plant.found", speaks: true);
        Decide(policy, 3.0, "screen.enter", "settings");
        Decide(policy, 3.5, "data.reset", value: "confirmed");
        Decide(policy, 4.0, "data.reset", value: "cancelled");
        Console.Write("note: " + policy.Note + "\n");
        Decide(policy, double.NaN, "app.state", value: "background");

        bytes[bytes.Length / 2] ^= 1;
        var damaged = HapticPolicyStore.Open(bytes, out error);
        Console.Write($"damaged bundle: {(damaged != null ? "opened" : "refused")}, {error.Substring(0, Math.Min(40, error.Length))}...\n");
        Console.Write($"null store: {(int)HapticPolicyStore.DecideWithoutStore("x")}, null event: {(int)policy.Decide(5, null)}, \"\"\n");
        policy.Dispose();
        return 0;
    }
}
