/*
 * A game engine's side of the C interface (haptic_policy.h), as a native plugin calls it:
 * load the bundle the game ships, send the game's events with the frame's time, play what
 * comes back. scripts/test builds it against the HapticPolicyC library, runs it on the
 * plavo bundle and compares its output with expected.txt (Docs/game-engines.md).
 *
 *   cc engine.c -I ../../Sources/HapticPolicyC -L <bin> -lHapticPolicyC -o engine
 *   ./engine plavo.bundle.json
 */
#include "haptic_policy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *action_name(int32_t action) {
    switch (action) {
    case HAPTIC_POLICY_PLAY: return "play";
    case HAPTIC_POLICY_SILENT: return "silent";
    case HAPTIC_POLICY_STOP: return "stop";
    default: return "bad call";
    }
}

/* Where the engine would call its haptics (Core Haptics, a vibrator, a gamepad rumble). */
static void decide(haptic_policy *policy, double t, const char *event, const char *screen, int32_t kind,
                   double number, const char *text, bool speaks) {
    int32_t action = haptic_policy_decide(policy, t, event, screen, NULL, kind, number, text, speaks);
    if (isnan(t)) printf("  now    %-18s %-6s", event, action_name(action));
    else printf("%5.2f s  %-18s %-6s", t, event, action_name(action));
    if (action == HAPTIC_POLICY_PLAY) printf(" %s (%s)", haptic_policy_feedback(policy), haptic_policy_render(policy));
    if (*haptic_policy_reason(policy)) printf(" %s", haptic_policy_reason(policy));
    if (*haptic_policy_rule(policy)) printf(" by %s", haptic_policy_rule(policy));
    if (haptic_policy_directives(policy) & HAPTIC_POLICY_PREPARE_ENGINE) printf(" [prepare-engine]");
    if (haptic_policy_loop_period(policy) > 0) printf(" every %g s", haptic_policy_loop_period(policy));
    printf("\n");
}

static unsigned char *read_file(const char *path, long *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    *length = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)*length);
    if (bytes && fread(bytes, 1, (size_t)*length, file) != (size_t)*length) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    return bytes;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: engine <bundle.json>\n");
        return 2;
    }
    long length = 0;
    unsigned char *bytes = read_file(argv[1], &length);
    if (!bytes) {
        fprintf(stderr, "error: cannot read %s\n", argv[1]);
        return 2;
    }
    char error[256];
    haptic_policy *policy = haptic_policy_open(bytes, length, error, sizeof error);
    if (!policy) {
        fprintf(stderr, "error: %s\n", error);
        return 1;
    }

    decide(policy, 0.0, "screen.enter", "camera", HAPTIC_POLICY_NO_VALUE, 0, NULL, false);
    decide(policy, 1.0, "plant.found", NULL, HAPTIC_POLICY_NO_VALUE, 0, NULL, true);
    decide(policy, 1.2, "plant.found", NULL, HAPTIC_POLICY_NO_VALUE, 0, NULL, false);
    decide(policy, 1.5, "device.lowPower", NULL, HAPTIC_POLICY_BOOL, 1, NULL, false);
    decide(policy, 2.0, "plant.found", NULL, HAPTIC_POLICY_NO_VALUE, 0, NULL, true);
    decide(policy, 3.0, "screen.enter", "settings", HAPTIC_POLICY_NO_VALUE, 0, NULL, false);
    decide(policy, 3.5, "data.reset", NULL, HAPTIC_POLICY_STRING, 0, "confirmed", false);
    decide(policy, 4.0, "data.reset", NULL, HAPTIC_POLICY_STRING, 0, "cancelled", false);
    printf("note: %s\n", haptic_policy_note(policy));
    decide(policy, NAN, "app.state", NULL, HAPTIC_POLICY_STRING, 0, "background", false);

    /* What a refused bundle and a careless call give: an error, never a crash. */
    bytes[length / 2] ^= 1;
    haptic_policy *damaged = haptic_policy_open(bytes, length, error, sizeof error);
    printf("damaged bundle: %s, %.40s...\n", damaged ? "opened" : "refused", error);
    printf("null store: %d, null event: %d, \"%s\"\n", haptic_policy_decide(NULL, 0, "x", NULL, NULL, 0, 0, NULL, false),
           haptic_policy_decide(policy, 5, NULL, NULL, NULL, 0, 0, NULL, false), haptic_policy_feedback(NULL) ? "?" : "");
    haptic_policy_close(NULL);
    haptic_policy_close(policy);
    free(bytes);
    return 0;
}
