// The breathing guide (4-7-8): a circle that grows while you breathe in, stays while you
// hold, shrinks while you breathe out, and the policy's haptics in step with it: the
// breath's own waveform with Core Haptics in a development build, soft taps at each phase
// boundary in Expo Go or on a device without haptics. Built in a real Expo app by
// .github/workflows/expo.yml; its logic (src/breathCycle.ts) is tested with node.
import { useEffect, useRef, useState } from "react";
import { Animated, AppState, Pressable, StyleSheet, Text, View } from "react-native";
import { loadHapticPolicy, type ExpoHapticPolicy } from "haptic-policy-expo";
import bundleText from "./src/breathingBundle";
import { BreathingGuide, FOUR_SEVEN_EIGHT, LARGE, SMALL } from "./src/breathCycle";
import { POLICY_HASH } from "./src/breathingPolicy";

export default function App() {
  const [policy, setPolicy] = useState<ExpoHapticPolicy | null>(null);
  const [breathing, setBreathing] = useState(false);
  const [last, setLast] = useState("");
  const scale = useRef(new Animated.Value(SMALL)).current;
  const guide = useRef<BreathingGuide | null>(null);

  useEffect(() => {
    let mounted = true;
    loadHapticPolicy(bundleText).then((loaded) => {
      if (!mounted) return;
      if (loaded.policy.hash !== POLICY_HASH) console.warn("the bundle and src/breathingPolicy.ts differ: regenerate it");
      loaded.onDecision(({ event, decision }) => setLast(`${event}: ${decision.action} ${decision.render ?? decision.reason ?? ""}`));
      guide.current = new BreathingGuide(loaded);
      guide.current.open();
      setPolicy(loaded);
    });
    const subscription = AppState.addEventListener("change", (state) => {
      if (state === "active") policy?.appState("foreground");
      else if (state === "background") policy?.appState("background");
    });
    return () => { mounted = false; subscription.remove(); };
  }, []);

  useEffect(() => {
    if (!breathing || !guide.current) return;
    const { period } = guide.current.start(FOUR_SEVEN_EIGHT);
    const { inhale, hold, exhale } = FOUR_SEVEN_EIGHT;
    const cycle = Animated.loop(Animated.sequence([
      Animated.timing(scale, { toValue: LARGE, duration: inhale * 1000, useNativeDriver: true }),
      Animated.delay(hold * 1000),
      Animated.timing(scale, { toValue: SMALL, duration: exhale * 1000, useNativeDriver: true }),
    ]));
    cycle.start();
    // Without the native loop (a fallback sequence plays once), start the next breath each cycle.
    const next = policy?.mode === "javascript" ? setInterval(() => guide.current?.start(FOUR_SEVEN_EIGHT), period * 1000) : null;
    return () => { cycle.stop(); if (next) clearInterval(next); guide.current?.stop(); };
  }, [breathing]);

  return (
    <View style={styles.screen}>
      <Animated.View style={[styles.circle, { transform: [{ scale }] }]} />
      <Pressable style={styles.button} onPress={() => { guide.current?.tap(); setBreathing(!breathing); }} disabled={!policy}>
        <Text style={styles.label}>{breathing ? "Stop" : "Breathe 4-7-8"}</Text>
      </Pressable>
      <Text style={styles.status}>{policy ? `${policy.mode}: ${last}` : "loading the policy"}</Text>
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, alignItems: "center", justifyContent: "center", backgroundColor: "#10202a" },
  circle: { width: 220, height: 220, borderRadius: 110, backgroundColor: "#7fb7c9" },
  button: { marginTop: 48, paddingHorizontal: 24, paddingVertical: 12, borderRadius: 24, backgroundColor: "#2c4a5a" },
  label: { color: "white", fontSize: 18 },
  status: { marginTop: 24, color: "#9fb5c0" },
});
