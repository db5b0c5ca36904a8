/*
 * haptic_policy.h: the HapticPolicy runtime behind a C interface, for game engines and
 * other hosts that call C (a Unity native plugin, an Unreal module, a GDExtension, a
 * desktop build). The library is the HapticPolicyC product of the Swift package
 * (`swift build --product HapticPolicyC`); Docs/game-engines.md says which runtime each
 * engine uses on each platform, and Examples/GameEngine/engine.c is a host that calls
 * every function here (scripts/test runs it).
 *
 * A handle is one policy store. Every function takes a null handle without harm. The
 * strings a handle returns stay valid until its next haptic_policy_decide or
 * haptic_policy_close; a host that decides from several threads gives each its own
 * handle, or reads the strings under its own lock.
 */
#ifndef HAPTIC_POLICY_H
#define HAPTIC_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A policy store. */
typedef struct haptic_policy haptic_policy;

/** What a decision does: haptic_policy_decide's result. */
enum {
    HAPTIC_POLICY_PLAY = 0,
    HAPTIC_POLICY_SILENT = 1,
    HAPTIC_POLICY_STOP = 2,
    HAPTIC_POLICY_BAD_CALL = -1
};

/** The kind of an event's value: haptic_policy_decide's value_kind. */
enum {
    HAPTIC_POLICY_NO_VALUE = 0,
    HAPTIC_POLICY_NUMBER = 1,  /* number */
    HAPTIC_POLICY_BOOL = 2,    /* number != 0 */
    HAPTIC_POLICY_STRING = 3   /* text */
};

/** Directive bits of haptic_policy_directives, in canonical order. */
enum {
    HAPTIC_POLICY_PREPARE_ENGINE = 1,
    HAPTIC_POLICY_RESTART_ENGINE = 2,
    HAPTIC_POLICY_PREPARE_TICKER = 4,
    HAPTIC_POLICY_RELEASE_TICKER = 8,
    HAPTIC_POLICY_STOP_LOOP = 16,
    HAPTIC_POLICY_INTERRUPT = 32
};

/**
 * Loads a compiled bundle (`haptic-policy compile`) into a new store on a capable device
 * with haptics on. Returns null when the bundle is refused, with the reason in `error`
 * (`capacity` bytes, NUL-terminated) when `error` is not null.
 */
haptic_policy *haptic_policy_open(const uint8_t *bytes, ptrdiff_t count, char *error, ptrdiff_t capacity);

/** Frees a store; null is ignored. */
void haptic_policy_close(haptic_policy *policy);

/**
 * Decides one event at `t` seconds since the session began (times never run backwards;
 * a non-finite `t` is the store's own clock). `screen` and `subject` may be null. The
 * device's state goes in as events: `device.lowPower`, `device.supportsHaptics` and
 * `device.hapticsEnabled` with a boolean, `app.state` with "background" or "foreground".
 * Returns HAPTIC_POLICY_PLAY, _SILENT, _STOP, or _BAD_CALL for a null store or event.
 */
int32_t haptic_policy_decide(haptic_policy *policy, double t, const char *event, const char *screen,
                             const char *subject, int32_t value_kind, double number, const char *text,
                             bool speaks);

/** The last decision's feedback (the policy's name), or "". */
const char *haptic_policy_feedback(haptic_policy *policy);
/** What it renders: a preset id ("impact.light"), "pattern:<feedback>", "sequence:<feedback>", or "". */
const char *haptic_policy_render(haptic_policy *policy);
/** Its reason id ("designer", "low-power", ...), or "". */
const char *haptic_policy_reason(haptic_policy *policy);
/** The rule that decided ("camera/plant.found", "H-4"), or "". */
const char *haptic_policy_rule(haptic_policy *policy);
/** Its note (the designer's text, or a message), or "". */
const char *haptic_policy_note(haptic_policy *policy);
/** Seconds between repetitions of the loop it starts, or 0. */
double haptic_policy_loop_period(haptic_policy *policy);
/** Its directives as HAPTIC_POLICY_* bits. */
uint32_t haptic_policy_directives(haptic_policy *policy);

#ifdef __cplusplus
}
#endif

#endif
