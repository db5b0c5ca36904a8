// swift-format-ignore-file
// Derived from Docs/policy.schema.json by `python3 scripts/validate-policies.py --write-include-schema`;
// do not edit (scripts/validate-policies.py --self-test and PolicySchemaTests check it is current).

/// The policy JSON Schema (`Docs/policy.schema.json`), for the language server's hover
/// and completion of keys and values: one source for what each key means.
enum PolicySchemaText {
    /// The schema's JSON text.
    static let json = #"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "HapticPolicy policy (language v1)",
  "description": "Which haptic plays for each app event on each screen, and where the app deliberately stays silent. Reference: Docs/policy-language.md.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "policy",
    "version"
  ],
  "properties": {
    "policy": {
      "description": "The policy's name.",
      "allOf": [
        {
          "$ref": "#/definitions/name"
        }
      ]
    },
    "version": {
      "type": "integer",
      "const": 1,
      "description": "The language version; only 1 exists."
    },
    "description": {
      "type": [
        "string",
        "number",
        "boolean"
      ],
      "description": "What the policy is for, for people."
    },
    "include": {
      "type": "array",
      "uniqueItems": true,
      "items": {
        "type": "string",
        "minLength": 1,
        "pattern": "^[^/~]",
        "errorMessage": "name a YAML file by a path relative to this file's folder, inside the main file's folder",
        "description": "A YAML file holding sections of this policy (`feedback:`, `events:`, `screens:`, ... but not `policy`, `version`, `description` or `engine`)."
      },
      "description": "Files whose sections are merged into this policy, relative to this file's folder: this file's entries first, then each file's in order (its own includes depth first). A name declared in two files is an error."
    },
    "constants": {
      "type": "object",
      "propertyNames": {
        "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
      },
      "additionalProperties": {
        "anyOf": [
          {
            "type": "number"
          },
          {
            "$ref": "#/definitions/constantExpr"
          }
        ],
        "errorMessage": "use a number or arithmetic over earlier constants such as `2 * beat`"
      },
      "description": "Named numbers, usable wherever the policy takes a number and in pattern expressions; a constant may be arithmetic over the constants declared before it."
    },
    "engine": {
      "description": "Engine settings: warm-up time and haptics-only.",
      "anyOf": [
        {
          "type": "null"
        },
        {
          "allOf": [
            {
              "$ref": "#/definitions/engine"
            }
          ]
        }
      ]
    },
    "layers": {
      "type": [
        "object",
        "null"
      ],
      "propertyNames": {
        "$ref": "#/definitions/name"
      },
      "additionalProperties": {
        "$ref": "#/definitions/layerDecl"
      },
      "description": "The feedback layers events and feedback belong to (`ui: {plays: presets}`, `coach: {plays: patterns}`). Declare none to have `ui` and `creature`."
    },
    "invariants": {
      "type": [
        "array",
        "null"
      ],
      "items": {
        "$ref": "#/definitions/invariant"
      },
      "description": "Design rules with ids (H-1, H-2...), in order."
    },
    "feedback": {
      "type": [
        "object",
        "null"
      ],
      "propertyNames": {
        "$ref": "#/definitions/name"
      },
      "additionalProperties": {
        "$ref": "#/definitions/feedback"
      },
      "description": "The feedback vocabulary: name → preset or custom pattern."
    },
    "bands": {
      "type": [
        "object",
        "null"
      ],
      "propertyNames": {
        "$ref": "#/definitions/name"
      },
      "additionalProperties": {
        "$ref": "#/definitions/band"
      },
      "description": "Bands for continuous signals: name → levels with edges and hysteresis."
    },
    "events": {
      "type": [
        "object",
        "null"
      ],
      "propertyNames": {
        "allOf": [
          {
            "$ref": "#/definitions/name"
          },
          {
            "not": {
              "enum": [
                "screen.enter",
                "app.state",
                "device.lowPower",
                "device.supportsHaptics",
                "device.hapticsEnabled"
              ]
            },
            "errorMessage": "built-in state events (screen.enter, app.state, device.*) are not declared; remove it"
          }
        ]
      },
      "additionalProperties": {
        "$ref": "#/definitions/event"
      },
      "description": "The event catalogue: name → layer, screens, value. Built-in state events (screen.enter, app.state, device.*) are not declared."
    },
    "everywhere": {
      "description": "Cells for every screen where the event can occur, unless the screen's own table decides that event.",
      "anyOf": [
        {
          "type": "null"
        },
        {
          "allOf": [
            {
              "$ref": "#/definitions/table"
            }
          ]
        }
      ]
    },
    "screens": {
      "type": [
        "object",
        "null"
      ],
      "propertyNames": {
        "$ref": "#/definitions/name"
      },
      "additionalProperties": {
        "$ref": "#/definitions/screen"
      },
      "description": "Screens: name → enter directives and decision table."
    },
    "budgets": {
      "type": [
        "array",
        "null"
      ],
      "items": {
        "$ref": "#/definitions/budget"
      },
      "description": "Rate budgets: at most N rings per T seconds, per screen or per layer."
    },
    "parameters": {
      "type": [
        "object",
        "null"
      ],
      "propertyNames": {
        "type": "string",
        "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
        "not": {
          "enum": [
            "value",
            "speaks",
            "subject"
          ]
        },
        "patternErrorMessage": "a parameter name is letters, digits and _ (it is read in expressions such as `0.9 * max_hr`), not value, speaks or subject"
      },
      "additionalProperties": {
        "$ref": "#/definitions/runTimeParameter"
      },
      "description": "Run-time parameters: numbers the app sets while it runs through a setting event (`set-by:`), read by band edges and conditions."
    },
    "user-levels": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "set-by",
        "start",
        "levels"
      ],
      "properties": {
        "set-by": {
          "description": "The setting event whose string `value` names the level the user picked (`haptics.level`). Not in `events:`, no table cell: the evaluator handles it on every screen.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "start": {
          "description": "The level a session starts at: one of `levels:`.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "levels": {
          "type": "object",
          "minProperties": 1,
          "additionalProperties": {
            "$ref": "#/definitions/userLevel"
          },
          "description": "The levels, by name, each with what it keeps."
        }
      },
      "description": "Haptics levels the user picks in the app's settings: a play the current level does not keep is silent (`user-level`)."
    },
    "background": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "keeps"
      ],
      "properties": {
        "keeps": {
          "description": "What the app in background still plays: `all`, `none` (the default), or the plays of these feedback, of the feedback of these layers and of these rows (rule ids as decisions cite them), as a user level's `keeps:`. A kept pattern plays its fallback: the engine is stopped in background.",
          "oneOf": [
            {
              "enum": [
                "all",
                "none"
              ]
            },
            {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "feedback": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/name"
                  },
                  "description": "Feedback names whose plays it keeps."
                },
                "layers": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/name"
                  },
                  "description": "Layers whose feedback it keeps."
                },
                "rows": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/name"
                  },
                  "description": "Rule ids whose plays it keeps: `workout/lap.completed`, `settings/data.reset#1`, `everywhere/button.tap`, `workout/pace.sample@tempo`."
                }
              }
            }
          ]
        },
        "note": {
          "$ref": "#/definitions/text"
        }
      },
      "description": "What the app in background still plays (language v3). Without it every play in background is silent `background`."
    },
    "acknowledge": {
      "$ref": "#/definitions/acknowledge"
    }
  },
  "definitions": {
    "name": {
      "type": [
        "string",
        "number",
        "boolean"
      ],
      "pattern": "^\\S(.*\\S)?$",
      "minLength": 1,
      "patternErrorMessage": "a name is non-empty, on one line, without leading or trailing spaces",
      "description": "A name: any non-empty text on one line, without leading or trailing spaces, in any script (`plant.found`, `plant-settings`, `水やり`). Names are compared exactly."
    },
    "text": {
      "type": [
        "string",
        "number",
        "boolean"
      ],
      "description": "Free text for people, in any language."
    },
    "reason": {
      "type": [
        "string",
        "number",
        "boolean"
      ],
      "minLength": 1,
      "pattern": "\\S",
      "description": "Why this stays silent, in the designer's words. Must not be empty."
    },
    "preset": {
      "type": "string",
      "enum": [
        "impact.light",
        "impact.medium",
        "impact.heavy",
        "impact.rigid",
        "impact.soft",
        "selection",
        "notification.success",
        "notification.warning",
        "notification.error"
      ],
      "description": "A system preset: impact.light|medium|heavy|rigid|soft, selection, notification.success|warning|error."
    },
    "layer": {
      "anyOf": [
        {
          "type": "string",
          "enum": [
            "ui",
            "creature"
          ],
          "description": "The two layers of a policy that declares none under `layers:`."
        },
        {
          "$ref": "#/definitions/name"
        }
      ],
      "description": "A layer: one declared under `layers:`, or, when the policy declares none, `ui` (operation feedback from the system vocabulary) or `creature` (the app's own custom waveforms, the plant in Plavo). The linter checks the name is declared."
    },
    "expr": {
      "oneOf": [
        {
          "type": "number"
        },
        {
          "type": "string",
          "pattern": "^[^:#{}\\[\\],]*[^\\s:#{}\\[\\],][^:#{}\\[\\],]*$"
        }
      ],
      "errorMessage": "use a number or arithmetic over parameters such as `inhale + hold`",
      "description": "A number, or arithmetic over template parameters as a string: numbers, parameter names, + - * / and parentheses (`inhale + hold`, `60 / bpm`)."
    },
    "exprTime": {
      "oneOf": [
        {
          "type": "number",
          "minimum": 0
        },
        {
          "type": "string",
          "pattern": "^[^:#{}\\[\\],]*[^\\s:#{}\\[\\],][^:#{}\\[\\],]*$"
        }
      ],
      "errorMessage": "use a number or arithmetic over parameters such as `inhale + hold`",
      "description": "Seconds, ≥ 0: a number or an expression over template parameters."
    },
    "exprPositive": {
      "oneOf": [
        {
          "type": "number",
          "exclusiveMinimum": 0
        },
        {
          "type": "string",
          "pattern": "^[^:#{}\\[\\],]*[^\\s:#{}\\[\\],][^:#{}\\[\\],]*$"
        }
      ],
      "errorMessage": "use a number or arithmetic over parameters such as `inhale + hold`",
      "description": "Seconds, > 0: a number or an expression over template parameters."
    },
    "exprUnit": {
      "oneOf": [
        {
          "type": "number",
          "minimum": 0,
          "maximum": 1
        },
        {
          "type": "string",
          "pattern": "^[^:#{}\\[\\],]*[^\\s:#{}\\[\\],][^:#{}\\[\\],]*$"
        }
      ],
      "errorMessage": "use a number or arithmetic over parameters such as `inhale + hold`",
      "description": "0 to 1: a number or an expression over template parameters."
    },
    "invariantId": {
      "type": [
        "string",
        "number",
        "boolean"
      ],
      "pattern": "^\\S+$",
      "minLength": 1,
      "description": "An invariant id, cited by rows and diagnostics (`H-2`)."
    },
    "feedbackRef": {
      "description": "A feedback name from `feedback:`, or a preset id.",
      "allOf": [
        {
          "$ref": "#/definitions/name"
        }
      ]
    },
    "engine": {
      "type": [
        "object",
        "null"
      ],
      "additionalProperties": false,
      "properties": {
        "warmup": {
          "anyOf": [
            {
              "type": "number",
              "minimum": 0,
              "maximum": 2,
              "default": 0.1
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "Seconds from `prepare-engine` until the engine is ready, 0-2. A custom pattern asked for earlier renders its fallback (reason `engine-cold`). Default 0.1."
        },
        "haptics-only": {
          "type": "boolean",
          "default": true,
          "description": "The engine plays haptics only, with no audio. Default true."
        }
      },
      "description": "Engine settings."
    },
    "invariant": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "rule"
      ],
      "properties": {
        "id": {
          "description": "The id cited everywhere (`H-2`, `U-1`). Unique in the policy.",
          "allOf": [
            {
              "$ref": "#/definitions/invariantId"
            }
          ]
        },
        "rule": {
          "type": "string",
          "enum": [
            "banned-presets",
            "creature-needs-speech",
            "no-layer-mixing",
            "bands-only",
            "guideline"
          ],
          "description": "What the linter and the evaluator enforce. `banned-presets`: never play `presets`, fallbacks included. `creature-needs-speech`: creature feedback plays only when the event says the creature speaks. `no-layer-mixing`: a ui event never plays creature feedback, a creature event never plays a preset. `bands-only`: events carrying a number are decided only through bands. `guideline`: a principle rows cite; not machine-checked."
        },
        "says": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "The designer's statement of the rule, shown in tables and explanations."
        },
        "presets": {
          "type": "array",
          "minItems": 1,
          "uniqueItems": true,
          "items": {
            "$ref": "#/definitions/preset"
          },
          "description": "The presets never to play. Only with `rule: banned-presets`, and required there."
        },
        "layer": {
          "description": "The layer whose feedback needs speech; only with `rule: creature-needs-speech`, `creature` when absent.",
          "allOf": [
            {
              "$ref": "#/definitions/layer"
            }
          ]
        },
        "except": {
          "type": [
            "object",
            "null"
          ],
          "propertyNames": {
            "$ref": "#/definitions/name"
          },
          "additionalProperties": {
            "$ref": "#/definitions/reason"
          },
          "description": "Events exempt from this invariant, each with the reason."
        }
      },
      "allOf": [
        {
          "if": {
            "properties": {
              "rule": {
                "const": "banned-presets"
              }
            },
            "required": [
              "rule"
            ]
          },
          "then": {
            "required": [
              "presets"
            ]
          },
          "else": {
            "not": {
              "required": [
                "presets"
              ]
            },
            "errorMessage": "`presets` goes only with rule: banned-presets"
          }
        },
        {
          "if": {
            "properties": {
              "rule": {
                "const": "creature-needs-speech"
              }
            },
            "required": [
              "rule"
            ]
          },
          "then": {},
          "else": {
            "not": {
              "required": [
                "layer"
              ]
            },
            "errorMessage": "`layer` goes only with rule: creature-needs-speech"
          }
        }
      ],
      "description": "A design rule with an id that decisions and diagnostics cite."
    },
    "param": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "default"
      ],
      "properties": {
        "default": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The value when the event passes none."
        },
        "min": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The smallest allowed value, inclusive."
        },
        "max": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The largest allowed value, inclusive."
        },
        "unit": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "The unit, for people (`s`, `bpm`)."
        }
      },
      "description": "A template parameter: its default and allowed range (inclusive). Events may pass a value in `params`; out of range is silent with reason `bad-params`."
    },
    "exprSigned": {
      "oneOf": [
        {
          "type": "number",
          "minimum": -1,
          "maximum": 1
        },
        {
          "type": "string",
          "pattern": "^[^:#{}\\[\\],]*[^\\s:#{}\\[\\],][^:#{}\\[\\],]*$"
        }
      ],
      "errorMessage": "use a number or arithmetic over parameters such as `inhale + hold`",
      "description": "-1 to 1: a number or an expression over template parameters."
    },
    "intensityPoint": {
      "type": "array",
      "minItems": 2,
      "maxItems": 2,
      "items": [
        {
          "$ref": "#/definitions/exprTime"
        },
        {
          "$ref": "#/definitions/exprUnit"
        }
      ],
      "description": "`[time, value]`: seconds from the event start, and 0-1, which multiplies the event intensity."
    },
    "sharpnessPoint": {
      "type": "array",
      "minItems": 2,
      "maxItems": 2,
      "items": [
        {
          "$ref": "#/definitions/exprTime"
        },
        {
          "$ref": "#/definitions/exprSigned"
        }
      ],
      "description": "`[time, value]`: seconds from the event start, and -1..1, which offsets the event sharpness."
    },
    "patternEvent": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "type",
        "time"
      ],
      "properties": {
        "type": {
          "type": "string",
          "enum": [
            "transient",
            "continuous",
            "silence",
            "audio-custom",
            "audio-continuous"
          ],
          "description": "`transient`: a tap. `continuous`: a sustained vibration, at most 30 s. `silence`: a deliberate gap, part of the pattern (the breath hold). `audio-custom`: a sound file of the app played with the haptics. `audio-continuous`: a generated tone, at most 30 s. The audio types need `engine: {haptics-only: false}`."
        },
        "time": {
          "description": "Start, in seconds from the pattern start.",
          "allOf": [
            {
              "$ref": "#/definitions/exprTime"
            }
          ]
        },
        "duration": {
          "description": "Length in seconds, > 0. Required for `continuous` (at most 30 s), `silence` and `audio-continuous` (at most 30 s); optional for `audio-custom` (cuts the file); not allowed for `transient`.",
          "allOf": [
            {
              "$ref": "#/definitions/exprPositive"
            }
          ]
        },
        "intensity": {
          "description": "Strength 0-1. Default 1. `transient` and `continuous` only.",
          "allOf": [
            {
              "$ref": "#/definitions/exprUnit"
            }
          ]
        },
        "sharpness": {
          "description": "Character 0 (round, soft) to 1 (crisp, hard). Default 0.5. `transient` and `continuous` only.",
          "allOf": [
            {
              "$ref": "#/definitions/exprUnit"
            }
          ]
        },
        "curves": {
          "type": "object",
          "additionalProperties": false,
          "minProperties": 1,
          "properties": {
            "intensity": {
              "type": "array",
              "minItems": 1,
              "maxItems": 16,
              "items": {
                "$ref": "#/definitions/intensityPoint"
              },
              "description": "Intensity curve: control points in time order, at most 16 (a Core Haptics limit), inside the event; values 0-1 multiply the event intensity."
            },
            "sharpness": {
              "type": "array",
              "minItems": 1,
              "maxItems": 16,
              "items": {
                "$ref": "#/definitions/sharpnessPoint"
              },
              "description": "Sharpness curve: control points in time order, at most 16 (a Core Haptics limit), inside the event; values -1..1 offset the event sharpness."
            }
          },
          "description": "Parameter curves over this event; only on `continuous` events."
        },
        "sound": {
          "type": "string",
          "pattern": "^[^/\\\\.][^/\\\\]*\\.([cC][aA][fF]|[wW][aA][vV]|[aA][iI][fF][fF]?|[mM]4[aA]|[mM][pP]3)$",
          "description": "`audio-custom` only, required there: a sound file of the app's bundle, a plain file name (`click.caf`; caf, wav, aif, aiff, m4a or mp3)."
        },
        "volume": {
          "description": "Audio types only: loudness 0 (silent) to 1. Default 1.",
          "allOf": [
            {
              "$ref": "#/definitions/exprUnit"
            }
          ]
        },
        "pitch": {
          "description": "Audio types only: -1 (lowest) to 1 (highest). Default 0.",
          "allOf": [
            {
              "$ref": "#/definitions/exprSigned"
            }
          ]
        },
        "note": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "Free text for people."
        }
      },
      "allOf": [
        {
          "if": {
            "properties": {
              "type": {
                "const": "transient"
              }
            },
            "required": [
              "type"
            ]
          },
          "then": {
            "not": {
              "anyOf": [
                {
                  "required": [
                    "duration"
                  ]
                },
                {
                  "required": [
                    "curves"
                  ]
                }
              ]
            },
            "errorMessage": "a transient is a tap: remove `duration` and `curves`, or make it continuous"
          }
        },
        {
          "if": {
            "properties": {
              "type": {
                "const": "continuous"
              }
            },
            "required": [
              "type"
            ]
          },
          "then": {
            "required": [
              "duration"
            ],
            "properties": {
              "duration": {
                "if": {
                  "anyOf": [
                    {
                      "type": "number"
                    },
                    {
                      "$ref": "#/definitions/constantExpr"
                    }
                  ]
                },
                "then": {
                  "maximum": 30
                }
              }
            }
          }
        },
        {
          "if": {
            "properties": {
              "type": {
                "const": "silence"
              }
            },
            "required": [
              "type"
            ]
          },
          "then": {
            "required": [
              "duration"
            ],
            "not": {
              "anyOf": [
                {
                  "required": [
                    "intensity"
                  ]
                },
                {
                  "required": [
                    "sharpness"
                  ]
                },
                {
                  "required": [
                    "curves"
                  ]
                }
              ]
            },
            "errorMessage": "a silence plays nothing: remove `intensity`, `sharpness` and `curves`"
          }
        },
        {
          "if": {
            "properties": {
              "type": {
                "const": "audio-custom"
              }
            },
            "required": [
              "type"
            ]
          },
          "then": {
            "required": [
              "sound"
            ],
            "not": {
              "anyOf": [
                {
                  "required": [
                    "intensity"
                  ]
                },
                {
                  "required": [
                    "sharpness"
                  ]
                },
                {
                  "required": [
                    "curves"
                  ]
                }
              ]
            },
            "errorMessage": "a sound has a volume and a pitch: name its file with `sound` and remove `intensity`, `sharpness` and `curves`"
          }
        },
        {
          "if": {
            "properties": {
              "type": {
                "const": "audio-continuous"
              }
            },
            "required": [
              "type"
            ]
          },
          "then": {
            "required": [
              "duration"
            ],
            "not": {
              "anyOf": [
                {
                  "required": [
                    "sound"
                  ]
                },
                {
                  "required": [
                    "intensity"
                  ]
                },
                {
                  "required": [
                    "sharpness"
                  ]
                },
                {
                  "required": [
                    "curves"
                  ]
                }
              ]
            },
            "errorMessage": "a tone has a duration, a volume and a pitch: remove `sound`, `intensity`, `sharpness` and `curves`"
          }
        },
        {
          "if": {
            "properties": {
              "type": {
                "enum": [
                  "transient",
                  "continuous",
                  "silence"
                ]
              }
            },
            "required": [
              "type"
            ]
          },
          "then": {
            "not": {
              "anyOf": [
                {
                  "required": [
                    "sound"
                  ]
                },
                {
                  "required": [
                    "volume"
                  ]
                },
                {
                  "required": [
                    "pitch"
                  ]
                }
              ]
            },
            "errorMessage": "`sound`, `volume` and `pitch` belong to audio events (`audio-custom`, `audio-continuous`)"
          }
        }
      ],
      "description": "One event of a pattern."
    },
    "pattern": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "events"
      ],
      "properties": {
        "params": {
          "type": [
            "object",
            "null"
          ],
          "propertyNames": {
            "type": "string",
            "pattern": "^[^\\s0-9+\\-*/().,:#{}\\[\\]][^\\s+\\-*/().,:#{}\\[\\]]*$",
            "patternErrorMessage": "a parameter name is letters, digits and _, starting with a letter or _ (it is used in expressions)"
          },
          "additionalProperties": {
            "$ref": "#/definitions/param"
          },
          "description": "Template parameters by name, usable in every expression of the pattern and of its fallback."
        },
        "events": {
          "type": "array",
          "minItems": 1,
          "items": {
            "$ref": "#/definitions/patternEvent"
          },
          "description": "The events, at least one."
        },
        "loop": {
          "description": "Repeat every this many seconds until a row stops it (`stop:`).",
          "allOf": [
            {
              "$ref": "#/definitions/exprPositive"
            }
          ]
        }
      },
      "description": "A custom pattern: timed events, optionally a template with parameters and a loop."
    },
    "sequenceStep": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "at",
        "play"
      ],
      "properties": {
        "at": {
          "description": "Seconds from the pattern start (may use template parameters).",
          "allOf": [
            {
              "$ref": "#/definitions/exprTime"
            }
          ]
        },
        "play": {
          "description": "A ui preset feedback name or a preset id.",
          "allOf": [
            {
              "$ref": "#/definitions/feedbackRef"
            }
          ]
        }
      },
      "description": "One step of a fallback sequence."
    },
    "fallback": {
      "errorMessage": "use `none`, a preset feedback name, or `{sequence: [{at: <seconds>, play: <preset>}, ...]}`",
      "oneOf": [
        {
          "const": "none",
          "description": "Skip silently."
        },
        {
          "type": "string",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            },
            {
              "not": {
                "const": "none"
              }
            }
          ],
          "description": "A preset feedback name or a preset id."
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "sequence"
          ],
          "properties": {
            "sequence": {
              "type": "array",
              "minItems": 1,
              "items": {
                "$ref": "#/definitions/sequenceStep"
              },
              "description": "Steps in time order."
            }
          },
          "description": "A timed sequence of presets."
        }
      ],
      "description": "What renders when the pattern cannot play (no Core Haptics, Low Power Mode, engine not warm yet): `none` (skip silently), one preset feedback or preset id, or a timed sequence of them."
    },
    "feedback": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "layer"
      ],
      "properties": {
        "layer": {
          "description": "The layer this feedback belongs to.",
          "allOf": [
            {
              "$ref": "#/definitions/layer"
            }
          ]
        },
        "preset": {
          "description": "Play this system preset. Exactly one of `preset` or `pattern`.",
          "allOf": [
            {
              "$ref": "#/definitions/preset"
            }
          ]
        },
        "intensity": {
          "anyOf": [
            {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "Intensity 0-1 of an `impact.*` preset."
        },
        "pattern": {
          "description": "Play this custom pattern. Exactly one of `preset` or `pattern`.",
          "allOf": [
            {
              "$ref": "#/definitions/pattern"
            }
          ]
        },
        "fallback": {
          "description": "Only with `pattern`.",
          "allOf": [
            {
              "$ref": "#/definitions/fallback"
            }
          ]
        },
        "note": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "Free text for people."
        },
        "priority": {
          "type": "string",
          "enum": [
            "low",
            "normal",
            "high",
            "critical"
          ],
          "description": "How much this feedback matters against what still plays (default `normal`): a play cuts loops and patterns of a lower priority still playing, and is silent `outranked` while one of a higher priority plays. Equal priorities play together, as without `priority:`."
        },
        "platforms": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "android": {
              "$ref": "#/definitions/platformOverride"
            },
            "web": {
              "$ref": "#/definitions/platformOverride"
            }
          },
          "description": "Per-platform versions of this feedback, used by the Android and web exports (`android`, `web`). The feedback itself is what Core Haptics and the player play."
        },
        "acknowledge": {
          "$ref": "#/definitions/acknowledge"
        }
      },
      "allOf": [
        {
          "oneOf": [
            {
              "required": [
                "preset"
              ]
            },
            {
              "required": [
                "pattern"
              ]
            }
          ],
          "errorMessage": "use exactly one of `preset` or `pattern`"
        },
        {
          "if": {
            "required": [
              "intensity"
            ]
          },
          "then": {
            "required": [
              "preset"
            ],
            "properties": {
              "preset": {
                "pattern": "^impact\\."
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "fallback"
            ]
          },
          "then": {
            "required": [
              "pattern"
            ]
          },
          "errorMessage": "`fallback` goes only with `pattern`; a preset always plays"
        }
      ],
      "description": "A named feedback: a system preset or a custom pattern, in one layer."
    },
    "level": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "name"
      ],
      "properties": {
        "name": {
          "description": "The level's name (`dry`).",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "below": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            },
            {
              "type": "string",
              "pattern": "^[\\s0-9A-Za-z_.+*/()-]*[0-9A-Za-z_][\\s0-9A-Za-z_.+*/()-]*$"
            }
          ],
          "errorMessage": "use a number, a constant, or arithmetic over constants and run-time parameters such as `0.6 * max_hr`",
          "description": "Exclusive upper edge: a number, a constant, or arithmetic over constants and run-time parameters as a string (`0.6 * max_hr`). Every level but the last has one; edges strictly ascending for every parameter value."
        },
        "at-most": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            },
            {
              "type": "string",
              "pattern": "^[\\s0-9A-Za-z_.+*/()-]*[0-9A-Za-z_][\\s0-9A-Za-z_.+*/()-]*$"
            }
          ],
          "errorMessage": "use a number, a constant, or arithmetic over constants and run-time parameters such as `0.6 * max_hr`",
          "description": "Inclusive upper edge (language v3): the level holds values up to and including it. Instead of `below`, never with it; a number, a constant, or arithmetic over constants and run-time parameters as a string."
        },
        "play": {
          "description": "Feedback played on entering this level. Exactly one of `play` or `silent`.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "silent": {
          "description": "Why entering this level is silent. At most one of `play` or `silent`.",
          "allOf": [
            {
              "$ref": "#/definitions/reason"
            }
          ]
        },
        "from-below": {
          "description": "What entering this level from the level below does; over `play`/`silent`. Not on the lowest level.",
          "allOf": [
            {
              "$ref": "#/definitions/bandEntry"
            }
          ]
        },
        "from-above": {
          "description": "What entering this level from the level above does; over `play`/`silent`. Not on the highest level.",
          "allOf": [
            {
              "$ref": "#/definitions/bandEntry"
            }
          ]
        },
        "with": {
          "type": "object",
          "description": "Template parameters for what entering this level plays (`with: {urgency: 3}`), merged with the band row's `with:`; a parameter given by both is an error (HP162), a level that plays nothing cannot have it (HP163).",
          "minProperties": 1,
          "additionalProperties": {
            "oneOf": [
              {
                "const": "value"
              },
              {
                "type": "number"
              }
            ]
          }
        },
        "acknowledge": {
          "$ref": "#/definitions/acknowledge"
        }
      },
      "allOf": [
        {
          "not": {
            "required": [
              "play",
              "silent"
            ]
          },
          "errorMessage": "use at most one of `play` or `silent` (with its reason)"
        },
        {
          "not": {
            "required": [
              "below",
              "at-most"
            ]
          },
          "errorMessage": "use one upper edge: `below` (exclusive) or `at-most` (inclusive)"
        }
      ],
      "description": "One band level, from lowest to highest."
    },
    "bandEntry": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "play": {
          "description": "Feedback played on entering this way.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "silent": {
          "description": "Why entering this way is silent.",
          "allOf": [
            {
              "$ref": "#/definitions/reason"
            }
          ]
        }
      },
      "oneOf": [
        {
          "required": [
            "play"
          ]
        },
        {
          "required": [
            "silent"
          ]
        }
      ],
      "description": "What entering a band level one way does: exactly one of `play` or `silent`."
    },
    "band": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "levels"
      ],
      "properties": {
        "unit": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "The unit, for people (`%`)."
        },
        "approach": {
          "enum": [
            "falling",
            "rising"
          ],
          "description": "The one way the level moves (language v3): only toward the lowest (`falling`) or highest (`rising`) level; a sample behind the level is `receding` and changes nothing. Edges are exact: no `hysteresis` needed (one given is not used, HP150)."
        },
        "hysteresis": {
          "anyOf": [
            {
              "type": "number",
              "minimum": 0
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "How far past an edge the value must go to leave a level, in both directions. Smaller than half the narrowest level."
        },
        "dwell": {
          "anyOf": [
            {
              "type": "number",
              "minimum": 0
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "Seconds a new level must hold before it counts: the ring comes on the sample at which it has held that long; a shorter excursion neither rings nor moves the level (`dwelling`). 0 or absent: at once."
        },
        "plausible": {
          "type": "object",
          "additionalProperties": false,
          "minProperties": 1,
          "properties": {
            "min": {
              "anyOf": [
                {
                  "type": "number"
                },
                {
                  "$ref": "#/definitions/constantExpr"
                }
              ],
              "description": "The smallest plausible value, included."
            },
            "max": {
              "anyOf": [
                {
                  "type": "number"
                },
                {
                  "$ref": "#/definitions/constantExpr"
                }
              ],
              "description": "The largest plausible value, included."
            }
          },
          "description": "The values a good sample can have; outside them a sample is `implausible` (a glitch): silent, level and dwell untouched. At least one of `min`, `max`; `min` < `max`."
        },
        "toward": {
          "type": "object",
          "additionalProperties": {
            "$ref": "#/definitions/bandEntry"
          },
          "description": "What a change toward the lowest or highest level (named) does, for levels that do not say it themselves."
        },
        "levels": {
          "type": "array",
          "minItems": 2,
          "items": {
            "$ref": "#/definitions/level"
          },
          "description": "At least two levels, lowest first."
        },
        "acknowledge": {
          "$ref": "#/definitions/acknowledge"
        }
      },
      "description": "Bands for a continuous signal: it rings when the value changes level, never while it stays in one (H-1).",
      "allOf": [
        {
          "if": {
            "not": {
              "required": [
                "approach"
              ]
            }
          },
          "then": {
            "required": [
              "hysteresis"
            ]
          },
          "errorMessage": "a band without `approach:` needs `hysteresis:`"
        }
      ]
    },
    "event": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "layer",
        "screens"
      ],
      "properties": {
        "layer": {
          "description": "The layer of the moment this event stands for.",
          "allOf": [
            {
              "$ref": "#/definitions/layer"
            }
          ]
        },
        "screens": {
          "oneOf": [
            {
              "const": "all"
            },
            {
              "type": "array",
              "minItems": 1,
              "uniqueItems": true,
              "items": {
                "$ref": "#/definitions/name"
              }
            }
          ],
          "description": "Where the event can occur: `all`, or a list of screen names. Every screen listed needs a decision for it (or `everywhere:` gives one)."
        },
        "value": {
          "oneOf": [
            {
              "type": "string",
              "enum": [
                "number",
                "bool",
                "string"
              ]
            },
            {
              "$ref": "#/definitions/payload"
            }
          ],
          "description": "What the event carries in `value`: a kind (`number`, `bool`, `string`: optional, any value), or a declaration (`{type: number, min: 100, max: 200}`) that is checked before any row. `number` must be decided through bands (H-1)."
        },
        "params": {
          "type": "object",
          "additionalProperties": {
            "$ref": "#/definitions/payload"
          },
          "description": "The template parameters the event carries, each declared like `value` (`{bpm: {type: number, min: 20, max: 300}}`); any other param is decided silent `bad-value`."
        },
        "data": {
          "type": "object",
          "additionalProperties": {
            "$ref": "#/definitions/payload"
          },
          "description": "The named fields the event carries besides its value, in the log line's `data` (`{direction: {type: string, one-of: [left, right]}}`), each declared like `value`; rows test them with `when: {data: ...}`. Checked before any row: a field undeclared, missing (unless `required: false`), of another type or out of range is decided silent `bad-value`. Never template parameters (give those with `with:`)."
        },
        "note": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "Free text for people."
        },
        "ends-subject": {
          "type": "boolean",
          "description": "`true`: once the event is decided (it may play), the session forgets its subject: band levels, pending dwells and its slot. A later event with the same subject starts afresh (a baseline)."
        },
        "acknowledge": {
          "$ref": "#/definitions/acknowledge"
        }
      },
      "description": "An app event: its layer, what it carries, where it can occur."
    },
    "condition": {
      "type": "object",
      "minProperties": 1,
      "properties": {
        "speaks": {
          "type": "boolean",
          "description": "The event's `speaks` must equal this."
        },
        "in-gesture": {
          "type": "boolean",
          "description": "Whether a ticker gesture must be open (true: after a `ticker: begin` row, before its `end`, a `screen.enter` or background) or closed (false)."
        },
        "value": {
          "oneOf": [
            {
              "type": [
                "string",
                "boolean",
                "number"
              ]
            },
            {
              "$ref": "#/definitions/valueTest"
            }
          ],
          "description": "The event's `value` must equal this, be a number in a range (`{at-least: 4.25, below: 6}`) or be one of a list (`{in: [trail, track]}`)."
        },
        "subject": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "The event's `subject` must equal this."
        },
        "data": {
          "type": "object",
          "minProperties": 1,
          "additionalProperties": {
            "oneOf": [
              {
                "type": [
                  "string",
                  "boolean",
                  "number"
                ]
              },
              {
                "$ref": "#/definitions/valueTest"
              }
            ]
          },
          "description": "The event's data fields must each equal this, be a number in a range (`{at-least: 2}`) or be one of a list (`{in: [left, u-turn]}`); an event without the field does not match."
        }
      },
      "description": "The row applies only when all given fields match the event; any other key names a run-time parameter that must be in a range.",
      "patternProperties": {
        "^(?!(speaks|value|subject|data)$)[A-Za-z_][A-Za-z0-9_]*$": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            },
            {
              "$ref": "#/definitions/valueTest"
            }
          ],
          "description": "A run-time parameter (`max_hr: {at-least: 200}`) whose current value must be in the range, or equal the number."
        }
      },
      "additionalProperties": false
    },
    "row": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "when": {
          "description": "Condition on the event; without it the row always matches.",
          "allOf": [
            {
              "$ref": "#/definitions/condition"
            }
          ]
        },
        "play": {
          "description": "Play this feedback.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "band": {
          "description": "Play the band feedback when the value changes level; silent otherwise (baseline, same level).",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "silent": {
          "description": "Stay silent; the reason, in the designer's words.",
          "allOf": [
            {
              "$ref": "#/definitions/reason"
            }
          ]
        },
        "stop": {
          "description": "Stop the running loop of this feedback, or `all`.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "loop": {
          "description": "Start a looping pattern template, or retempo it when it already runs (replacing the running loop). May be combined with `play` and `stop`: the row runs its stop, then its play, then its loop.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "with": {
          "type": "object",
          "description": "Template parameters for the row's `loop` if any, else its `play`: each is `value` (the event's number) or a number. On a `band:` row, the parameters go to whatever the entered level plays, after the level's own `with:`.",
          "minProperties": 1,
          "additionalProperties": {
            "oneOf": [
              {
                "const": "value"
              },
              {
                "type": "number"
              }
            ]
          }
        },
        "ticker": {
          "type": "string",
          "enum": [
            "begin",
            "tick",
            "end"
          ],
          "description": "Ticker gesture step: `begin` creates and prepares one generator, `tick` re-prepares it after playing, `end` releases it."
        },
        "prepare": {
          "type": "string",
          "enum": [
            "engine"
          ],
          "description": "Warm up the engine now (directive `prepare-engine`)."
        },
        "cite": {
          "oneOf": [
            {
              "$ref": "#/definitions/invariantId"
            },
            {
              "type": "array",
              "minItems": 1,
              "items": {
                "$ref": "#/definitions/invariantId"
              }
            }
          ],
          "description": "Invariant ids this row implements."
        },
        "note": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "Free text for people."
        },
        "acknowledge": {
          "$ref": "#/definitions/acknowledge"
        }
      },
      "allOf": [
        {
          "anyOf": [
            {
              "required": [
                "play"
              ]
            },
            {
              "required": [
                "band"
              ]
            },
            {
              "required": [
                "silent"
              ]
            },
            {
              "required": [
                "stop"
              ]
            },
            {
              "required": [
                "loop"
              ]
            },
            {
              "required": [
                "ticker"
              ]
            },
            {
              "required": [
                "prepare"
              ]
            }
          ],
          "errorMessage": "a row needs one of play, band, silent, stop, loop (or ticker or prepare alone)"
        },
        {
          "not": {
            "anyOf": [
              {
                "required": [
                  "play",
                  "band"
                ]
              },
              {
                "required": [
                  "play",
                  "silent"
                ]
              },
              {
                "required": [
                  "band",
                  "silent"
                ]
              },
              {
                "required": [
                  "band",
                  "stop"
                ]
              },
              {
                "required": [
                  "silent",
                  "stop"
                ]
              },
              {
                "required": [
                  "band",
                  "loop"
                ]
              },
              {
                "required": [
                  "silent",
                  "loop"
                ]
              }
            ]
          },
          "errorMessage": "band and silent decide a row alone: play, stop and loop may be combined, not with band or silent"
        },
        {
          "if": {
            "properties": {
              "ticker": {
                "const": "tick"
              }
            },
            "required": [
              "ticker"
            ]
          },
          "then": {
            "required": [
              "play"
            ]
          }
        },
        {
          "if": {
            "required": [
              "with"
            ]
          },
          "then": {
            "anyOf": [
              {
                "required": [
                  "play"
                ]
              },
              {
                "required": [
                  "loop"
                ]
              },
              {
                "required": [
                  "band"
                ]
              }
            ],
            "errorMessage": "'with' gives template parameters to the row's loop, play or band: add one"
          }
        }
      ],
      "description": "One row: an optional condition and what to do. `band` or `silent` alone, or any of `play`, `stop` and `loop` together (run stops, then the play, then the loop); a row with none of them must have `ticker` or `prepare`."
    },
    "cell": {
      "oneOf": [
        {
          "$ref": "#/definitions/row"
        },
        {
          "type": "array",
          "minItems": 1,
          "items": {
            "$ref": "#/definitions/row"
          }
        }
      ],
      "description": "The decision for one event: one row, or a list of rows where the first matching row wins."
    },
    "table": {
      "type": [
        "object",
        "null"
      ],
      "propertyNames": {
        "$ref": "#/definitions/name"
      },
      "additionalProperties": {
        "$ref": "#/definitions/cell"
      },
      "description": "Event name → cell."
    },
    "screen": {
      "type": [
        "object",
        "null"
      ],
      "additionalProperties": false,
      "properties": {
        "enter": {
          "type": [
            "array",
            "null"
          ],
          "uniqueItems": true,
          "items": {
            "type": "string",
            "enum": [
              "prepare-engine",
              "restart-engine",
              "prepare-ticker",
              "release-ticker",
              "stop-loop"
            ]
          },
          "description": "Directives run on `screen.enter` (engine warm-up: `[prepare-engine]`)."
        },
        "otherwise": {
          "type": "object",
          "additionalProperties": false,
          "required": ["silent"],
          "properties": {
            "silent": {"type": "string", "minLength": 1, "description": "Why the events the table leaves out stay silent."},
            "cite": {
              "oneOf": [
                {"$ref": "#/definitions/invariantId"},
                {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/invariantId"}}
              ],
              "description": "Invariant ids this silence implements; the decisions it makes cite them."
            },
            "note": {"type": "string", "description": "A note for people reading the policy."}
          },
          "description": "The screen's default: one silence with its reason for every event that can occur here and that neither `table:` nor `everywhere:` decides (rule `<screen>/otherwise`), citing the invariants it implements. A default that played would ring for events nobody chose, so it is a silence only."
        },
        "table": {
          "description": "For each event that can occur here: play, band, silent with a reason, ticker, prepare or stop.",
          "anyOf": [
            {
              "type": "null"
            },
            {
              "$ref": "#/definitions/table"
            }
          ]
        },
        "note": {
          "type": [
            "string",
            "number",
            "boolean"
          ],
          "description": "Free text for people."
        },
        "acknowledge": {
          "$ref": "#/definitions/acknowledge"
        }
      },
      "description": "A screen and its decision table."
    },
    "budget": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "max",
        "per"
      ],
      "properties": {
        "id": {
          "description": "The id cited by breach reports (`B-1`).",
          "allOf": [
            {
              "$ref": "#/definitions/invariantId"
            }
          ]
        },
        "max": {
          "anyOf": [
            {
              "type": "integer",
              "minimum": 1
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The most rings allowed in any window."
        },
        "per": {
          "anyOf": [
            {
              "type": "number",
              "exclusiveMinimum": 0
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The window, in seconds."
        },
        "each": {
          "type": "string",
          "enum": [
            "screen"
          ],
          "description": "`screen`: count each screen separately."
        },
        "screen": {
          "description": "Count rings on this screen only.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "layer": {
          "description": "Count rings of this layer only.",
          "allOf": [
            {
              "$ref": "#/definitions/layer"
            }
          ]
        },
        "event": {
          "description": "Count the rings of this event only, on any screen.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "events": {
          "type": "array",
          "minItems": 1,
          "uniqueItems": true,
          "items": {
            "$ref": "#/definitions/name"
          },
          "description": "Count the rings of these events together, on any screen."
        },
        "except": {
          "type": [
            "object",
            "null"
          ],
          "propertyNames": {
            "$ref": "#/definitions/name"
          },
          "additionalProperties": {
            "$ref": "#/definitions/reason"
          },
          "description": "Events whose rings this budget does not count (a selector's ticks are the control itself), each with the designer's reason. Not with `event`/`events`, which count only their own events."
        },
        "enforce": {
          "type": "boolean",
          "description": "`true`: a ring beyond `max` in the window is decided silent (reason `over-budget`, citing the budget id), not only reported. Default `false`."
        },
        "acknowledge": {
          "$ref": "#/definitions/acknowledge"
        }
      },
      "allOf": [
        {
          "oneOf": [
            {
              "required": [
                "each"
              ]
            },
            {
              "required": [
                "screen"
              ]
            },
            {
              "required": [
                "layer"
              ]
            },
            {
              "required": [
                "event"
              ]
            },
            {
              "required": [
                "events"
              ]
            }
          ],
          "errorMessage": "use exactly one scope: `each: screen`, `screen: <name>`, `layer: <layer>`, `event: <name>` or `events: [<names>]`"
        },
        {
          "if": {
            "anyOf": [
              {
                "required": [
                  "event"
                ]
              },
              {
                "required": [
                  "events"
                ]
              }
            ]
          },
          "then": {
            "not": {
              "required": [
                "except"
              ]
            }
          }
        }
      ],
      "description": "A rate budget: at most `max` rings in any `per`-second window, for exactly one scope (`each`, `screen`, `layer`, `event` or `events`)."
    },
    "platformOverride": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "preset": {
          "description": "Play this system preset. Exactly one of `preset` or `pattern`.",
          "allOf": [
            {
              "$ref": "#/definitions/preset"
            }
          ]
        },
        "intensity": {
          "anyOf": [
            {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "Intensity 0-1 of an `impact.*` preset."
        },
        "pattern": {
          "description": "Play this custom pattern. Exactly one of `preset` or `pattern`.",
          "allOf": [
            {
              "$ref": "#/definitions/pattern"
            }
          ]
        },
        "fallback": {
          "description": "Only with `pattern`.",
          "allOf": [
            {
              "$ref": "#/definitions/fallback"
            }
          ]
        }
      },
      "not": {
        "required": [
          "preset",
          "pattern"
        ]
      },
      "description": "What this platform plays instead: a preset or a pattern, a preset's intensity, a pattern's fallback; the rest is the feedback's own."
    },
    "layerDecl": {
      "type": [
        "object",
        "null"
      ],
      "additionalProperties": false,
      "properties": {
        "plays": {
          "type": "string",
          "enum": [
            "presets",
            "patterns",
            "either"
          ],
          "description": "What the layer's feedback may be: only system presets, only custom patterns, or either (the default)."
        },
        "note": {
          "$ref": "#/definitions/text"
        }
      },
      "description": "A feedback layer: what its feedback may be, and a note."
    },
    "runTimeParameter": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "set-by",
        "min",
        "max",
        "default"
      ],
      "properties": {
        "set-by": {
          "description": "The setting event whose `value` sets the parameter (`profile.set`). It is not in `events:` and has no table cell: the evaluator handles it on every screen, like a built-in state event.",
          "allOf": [
            {
              "$ref": "#/definitions/name"
            }
          ]
        },
        "min": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The smallest value it takes, inclusive."
        },
        "max": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The largest value it takes, inclusive."
        },
        "default": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "Its value until the setting event first sets it."
        },
        "unit": {
          "$ref": "#/definitions/text"
        },
        "note": {
          "$ref": "#/definitions/text"
        },
        "acknowledge": {
          "$ref": "#/definitions/acknowledge"
        }
      }
    },
    "constantExpr": {
      "type": "string",
      "pattern": "^[\\s0-9A-Za-z_.+*/()-]*[A-Za-z_][\\s0-9A-Za-z_.+*/()-]*$",
      "description": "A constant's name or arithmetic over constants (`2 * beat`), declared under `constants:`; folded to a number when the policy loads."
    },
    "payload": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "type"
      ],
      "properties": {
        "type": {
          "type": "string",
          "enum": [
            "number",
            "bool",
            "string"
          ],
          "description": "The kind the value must be."
        },
        "min": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "For `type: number`: the smallest value allowed (inclusive)."
        },
        "max": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "For `type: number`: the largest value allowed (inclusive)."
        },
        "one-of": {
          "type": "array",
          "minItems": 1,
          "uniqueItems": true,
          "items": {
            "type": "string"
          },
          "description": "For `type: string`: the strings allowed."
        },
        "required": {
          "type": "boolean",
          "description": "Whether the event must carry it (default true). A missing required value is decided silent `bad-value`."
        }
      },
      "allOf": [
        {
          "if": {
            "properties": {
              "type": {
                "const": "number"
              }
            }
          },
          "else": {
            "not": {
              "anyOf": [
                {
                  "required": [
                    "min"
                  ]
                },
                {
                  "required": [
                    "max"
                  ]
                }
              ]
            }
          }
        },
        {
          "if": {
            "properties": {
              "type": {
                "const": "string"
              }
            }
          },
          "else": {
            "not": {
              "required": [
                "one-of"
              ]
            }
          }
        }
      ],
      "description": "What a value or param must be: `{type: number, min: 100, max: 200}`, `{type: string, one-of: [confirmed, cancelled]}`, `{type: bool, required: false}`. Anything else is decided silent `bad-value` before any row."
    },
    "valueTest": {
      "type": "object",
      "additionalProperties": false,
      "minProperties": 1,
      "properties": {
        "above": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The value must be greater than this."
        },
        "at-least": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The value must be this or greater."
        },
        "below": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The value must be less than this."
        },
        "at-most": {
          "anyOf": [
            {
              "type": "number"
            },
            {
              "$ref": "#/definitions/constantExpr"
            }
          ],
          "description": "The value must be this or less."
        },
        "in": {
          "type": "array",
          "items": {
            "type": [
              "string",
              "number",
              "boolean"
            ]
          },
          "description": "The value must equal one of these."
        }
      },
      "not": {
        "anyOf": [
          {
            "required": [
              "above",
              "at-least"
            ]
          },
          {
            "required": [
              "below",
              "at-most"
            ]
          },
          {
            "required": [
              "in",
              "above"
            ]
          },
          {
            "required": [
              "in",
              "at-least"
            ]
          },
          {
            "required": [
              "in",
              "below"
            ]
          },
          {
            "required": [
              "in",
              "at-most"
            ]
          }
        ]
      },
      "description": "A number range (at most one lower bound, `above` or `at-least`, and one upper bound, `below` or `at-most`) or a list of values (`in:`)."
    },
    "userLevel": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "keeps"
      ],
      "properties": {
        "keeps": {
          "description": "What the level keeps: `all`, `none`, or the plays of these feedback, of the feedback of these layers and of these rows (rule ids as decisions cite them).",
          "oneOf": [
            {
              "enum": [
                "all",
                "none"
              ]
            },
            {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "feedback": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/name"
                  },
                  "description": "Feedback names whose plays it keeps."
                },
                "layers": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/name"
                  },
                  "description": "Layers whose feedback it keeps."
                },
                "rows": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/name"
                  },
                  "description": "Rule ids whose plays it keeps: `workout/lap.completed`, `settings/data.reset#1`, `everywhere/button.tap`, `workout/pace.sample@tempo`."
                }
              }
            }
          ]
        },
        "note": {
          "$ref": "#/definitions/text"
        }
      }
    },
    "acknowledge": {
      "type": [
        "object",
        "null"
      ],
      "description": "Warnings acknowledged inside this object (language v3): a warning code as lint writes it → why the warning is intended. lint counts them apart and --strict passes them; an error cannot be acknowledged (HP600), a stale entry is a warning (HP602). Decides nothing. Docs/policy-language.md, \"Acknowledging a warning\".",
      "propertyNames": {
        "type": "string",
        "pattern": "^HP[0-9]{3}$"
      },
      "additionalProperties": {
        "type": [
          "string",
          "number",
          "boolean"
        ],
        "minLength": 1,
        "pattern": "\\S"
      }
    }
  }
}

"""#
}
