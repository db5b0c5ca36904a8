#!/usr/bin/env python3
"""Validate compiled bundles against Docs/bundle.schema.json (format 7, Docs/bundle-format.md:
line 1 against the schema, line 2, the tools part, against its $defs/toolsPart),
or any output of the CLI against its schema in Docs/schemas/ (Docs/cli.md, "Machine-readable
output").

    python3 scripts/validate-bundles.py BUNDLE...   # each a file written by `haptic-policy compile`
    python3 scripts/validate-bundles.py -           # one bundle on standard input
    python3 scripts/validate-bundles.py --schema Docs/schemas/table.schema.json FILE...
    python3 scripts/validate-bundles.py --schema Docs/schemas/decision.schema.json LOG.jsonl
    python3 scripts/validate-bundles.py --schema Docs/schemas/junit.xsd RESULTS.xml

Prints `ok FILE` per valid file; for an invalid one prints the JSON path of each
problem and its message, and exits 1. A `.jsonl` file (or --jsonl) is checked line by
line, each line one document, problems named `FILE:LINE`. A schema ending in `.xsd` is
an XML Schema (lxml), for `haptic-policy test --format junit`. Every object of the
bundle schema is closed (`additionalProperties: false`), so a field the encoder writes
but the schema does not list is a failure here. Tooling only (jsonschema, lxml); the
Swift loader is the authority.
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


def read(name: str):
    """The file's text, or None after printing why it cannot be read."""
    try:
        return sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{name}: cannot read it ({error.strerror if isinstance(error, OSError) else error}); "
              "give a file written by haptic-policy")
        return None


def problems(validator, document, name: str) -> list[str]:
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    lines = []
    for error in errors[:20]:
        # Inside a tagged union, name the branch's own problem, not "not valid under any".
        while error.context:
            error = jsonschema.exceptions.best_match(error.context)
        lines.append(f"{name}: {path_text(error.absolute_path)}: {error.message}")
    return lines


def check_xml(schema_path: Path, names: list[str]) -> int:
    try:
        from lxml import etree
    except ImportError:  # pragma: no cover
        sys.exit("validate-bundles: lxml is missing; run: python3 -m pip install lxml")
    schema = etree.XMLSchema(etree.parse(str(schema_path)))
    failed = False
    for name in names:
        text = read(name)
        if text is None:
            failed = True
            continue
        try:
            document = etree.fromstring(text.encode("utf-8"))
        except etree.XMLSyntaxError as error:
            print(f"{name}:{error.lineno}: not XML: {error.msg}")
            failed = True
            continue
        if schema.validate(document):
            print(f"ok {name}")
            continue
        failed = True
        for error in list(schema.error_log)[:20]:
            print(f"{name}:{error.line}: {error.message}")
    return 1 if failed else 0


def main(arguments: list[str]) -> int:
    schema_path = SCHEMA
    jsonl = False
    while arguments and arguments[0] in ("--schema", "--jsonl"):
        if arguments[0] == "--jsonl":
            jsonl = True
            arguments = arguments[1:]
            continue
        if len(arguments) < 2:
            print("validate-bundles: --schema needs a file (Docs/schemas/NAME.schema.json)", file=sys.stderr)
            return 2
        schema_path = Path(arguments[1])
        arguments = arguments[2:]
    if not arguments:
        print("validate-bundles: give one or more files (or - for standard input)", file=sys.stderr)
        return 2
    if schema_path.suffix == ".xsd":
        return check_xml(schema_path, arguments)
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = False
    for name in arguments:
        text = read(name)
        if text is None:
            failed = True
            continue
        found = []
        if jsonl or name.endswith(".jsonl"):
            for number, line in enumerate(text.splitlines(), start=1):
                if not line.strip():
                    continue
                try:
                    document = json.loads(line)
                except json.JSONDecodeError as error:
                    found.append(f"{name}:{number}:{error.colno}: not JSON: {error.msg}")
                    continue
                found += problems(validator, document, f"{name}:{number}")
                if len(found) >= 20:
                    break
        else:
            # A bundle is two lines (line 2 absent from a runtime-only one): line 1 against
            # the schema, line 2 against its tools part. Any other file is one document.
            lines = text.split("\n")
            bundle = schema_path == SCHEMA and len(lines) > 1
            parts = [line for line in lines if line.strip()] if bundle else [text]
            tools = jsonschema.Draft202012Validator(
                {"$schema": schema.get("$schema"), "$defs": schema.get("$defs", {}), "$ref": "#/$defs/toolsPart"})
            for number, part in enumerate(parts, start=1):
                try:
                    document = json.loads(part)
                except json.JSONDecodeError as error:
                    found.append(f"{name}:{number if bundle else error.lineno}:{error.colno}: not JSON: {error.msg}")
                    continue
                if number > 2:
                    found.append(f"{name}:{number}: a bundle has two lines")
                    continue
                found += problems(tools if number == 2 else validator, document, f"{name}:{number}" if bundle else name)
        if not found:
            print(f"ok {name}")
            continue
        failed = True
        for line in found[:20]:
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
