#!/usr/bin/env python3
"""Validate compiled bundles against Docs/bundle.schema.json (format 4, Docs/bundle-format.md).

    python3 scripts/validate-bundles.py BUNDLE...   # each a file written by `haptic-policy compile`
    python3 scripts/validate-bundles.py -           # one bundle on standard input

Prints `ok BUNDLE` per valid bundle; for an invalid one prints the JSON path of each
problem and its message, and exits 1. Every object of the schema is closed
(`additionalProperties: false`), so a field the encoder writes but the schema does not
list is a failure here. Tooling only (jsonschema); the Swift loader is the authority.
"""
import json
import sys
from pathlib import Path

try:
    import jsonschema
except ImportError as error:  # pragma: no cover
    sys.exit(f"validate-bundles: {error.name} is missing; run: python3 -m pip install jsonschema")

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "Docs" / "bundle.schema.json"


def path_text(path) -> str:
    return "$" + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)


def main(arguments: list[str]) -> int:
    if not arguments:
        print("validate-bundles: give one or more bundle files (or - for standard input)", file=sys.stderr)
        return 2
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = False
    for name in arguments:
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            print(f"{name}: cannot read it ({error.strerror if isinstance(error, OSError) else error}); "
                  "give a bundle written by 'haptic-policy compile'")
            failed = True
            continue
        try:
            bundle = json.loads(text)
        except json.JSONDecodeError as error:
            print(f"{name}:{error.lineno}:{error.colno}: not JSON: {error.msg}")
            failed = True
            continue
        errors = sorted(validator.iter_errors(bundle), key=lambda e: list(e.absolute_path))
        if not errors:
            print(f"ok {name}")
            continue
        failed = True
        for error in errors[:20]:
            # Inside a tagged union, name the branch's own problem, not "not valid under any".
            while error.context:
                error = jsonschema.exceptions.best_match(error.context)
            print(f"{name}: {path_text(error.absolute_path)}: {error.message}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
