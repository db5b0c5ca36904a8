#!/usr/bin/env python3
"""Validate every shipped policy and every documented example against the JSON Schema.

Checks Policies/*.yaml (not *.tests.yaml, not scenario files) and every ```yaml policy
block in Docs/*.md against Docs/policy.schema.json, and every file a shipped policy
includes (`include:`, followed through included files) against
Docs/policy-include.schema.json: the policy schema without the keys only a main file may
set (policy, version, description, engine) and with nothing required. Prints one line
per file; on a failure prints file:line:column, the JSON path and the message, and exits 1.

    python3 scripts/validate-policies.py              # shipped policies, their included
                                                      # files and doc blocks
    python3 scripts/validate-policies.py FILE...      # just these files (policies)
    python3 scripts/validate-policies.py --self-test  # also: bad fixtures rejected, the
                                                      # Swift checks' *.pass.yaml accepted,
                                                      # the include schema up to date, the
                                                      # language server built on the schema
    python3 scripts/validate-policies.py --write-include-schema  # derive it again

Tooling only (PyYAML + jsonschema); the Swift linter is the authority on meaning.
"""
import json
import re
import sys
from pathlib import Path

try:
    import jsonschema
    import yaml
except ImportError as error:  # pragma: no cover
    sys.exit(f"validate-policies: {error.name} is missing; run: python3 -m pip install jsonschema pyyaml")

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "Docs" / "policy.schema.json"
INCLUDE_SCHEMA = ROOT / "Docs" / "policy-include.schema.json"
# The language server's schema (hover and completion of keys and values read its
# descriptions and enums): a link to SCHEMA, which SwiftPM embeds in the server's code
# (Package.swift, `.embedInCode`), so there is no copy to derive.
SCHEMA_LINK = ROOT / "Sources" / "HapticPolicyLanguageServer" / "policy.schema.json"
# Keys only the main file may set (PolicyIncludes.mainOnlyKeys in the Swift front end).
MAIN_ONLY_KEYS = ("policy", "version", "description", "engine")
FIXTURES = ROOT / "scripts" / "schema-fixtures"
DOC_BLOCK = re.compile(r"^```yaml policy\s*$")


class UniqueKeyLoader(yaml.SafeLoader):
    """SafeLoader that rejects duplicate keys (libyaml accepts them silently; we must not)."""


def _construct_mapping(loader, node, deep=False):
    seen = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key '{key}' (first at line {seen[key].line + 1}); remove one", key_node.start_mark)
        seen[key] = key_node.start_mark
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)

# Read scalars the way the Swift loader does (YAML 1.2 core schema): only true/false are
# booleans (`silent: no` is text), and 1e-3 is a number. PyYAML alone follows YAML 1.1.
UniqueKeyLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:float")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
UniqueKeyLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))
UniqueKeyLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+0123456789."))


def is_policy_file(path: Path) -> bool:
    """Policies are *.yaml under Policies/, but not tests, scenarios or logs."""
    name = path.name
    return name.endswith(".yaml") and not name.endswith(".tests.yaml") and not name.endswith(".scenario.yaml")


def doc_blocks(path: Path):
    """Yields (first line number, text) of every ```yaml policy block in a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        if DOC_BLOCK.match(lines[index]):
            start = index + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            yield start + 1, "\n".join(lines[start:end]) + "\n"
            index = end
        index += 1


def locate(node, path):
    """The start mark of the YAML node at a JSON path (a deque of keys and indices)."""
    for step in path:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if str(key_node.value) == str(step):
                    node = value_node
                    break
            else:
                break
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            break
    return node.start_mark


def specific(error):
    """The most specific error: inside oneOf/anyOf, follow the one branch whose shape fits."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        branches = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0], []).append(sub)
        fitting = [subs for subs in branches.values()
                   if not any(s.validator in ("type", "const", "enum") and not s.relative_path for s in subs)]
        if len(fitting) == 1:
            return specific(max(fitting[0], key=lambda s: len(s.absolute_path)))
    return error


def message(error):
    """The schema's own wording where it has one, else jsonschema's, kept short."""
    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator in ("oneOf", "anyOf", "not") and "errorMessage" in schema:
        return schema["errorMessage"]
    if error.validator == "pattern" and "patternErrorMessage" in schema:
        return f"{error.instance!r}: {schema['patternErrorMessage']}"
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(schema.get("properties", {})), key=str)
        return f"unknown key {', '.join(repr(k) for k in extra)}; check the spelling or remove it"
    if error.validator in ("maxItems", "minItems"):
        return f"{len(error.instance)} items; {error.validator[:3]}imum is {error.validator_value}"
    text = error.message
    return text if len(text) <= 160 else text[:157] + "..."


def check_text(label, text, validator, line_offset=0):
    """Returns a list of 'label:line:col: path: message' strings (empty when valid)."""
    try:
        data = yaml.load(text, Loader=UniqueKeyLoader)
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{mark.line + 1 + line_offset}:{mark.column + 1}" if mark else "1:1"
        problem = getattr(error, "problem", None) or str(error)
        return [f"{label}:{where}: $: {problem}"]
    if data is None:
        return [f"{label}:1:1: $: the file is empty; start with 'policy: <name>' and 'version: 1'"]
    findings = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        leaf = specific(error)
        mark = locate(root, leaf.absolute_path)
        findings.append(f"{label}:{mark.line + 1 + line_offset}:{mark.column + 1}: {leaf.json_path}: {message(leaf)}")
    return findings


def include_schema(schema):
    """The schema of an included file, derived from the policy schema: its sections, no
    main-file key, nothing required."""
    derived = {key: value for key, value in schema.items() if key not in ("required", "properties", "definitions")}
    derived["title"] = "HapticPolicy included file (language v1)"
    derived["description"] = (
        "A file a policy includes (`include:`): sections merged into the policy that names it "
        "(`feedback:`, `events:`, `screens:`, ...), without the keys only the main file sets "
        f"({', '.join(MAIN_ONLY_KEYS)}). Reference: Docs/policy-language.md."
    )
    derived["properties"] = {key: value for key, value in schema["properties"].items() if key not in MAIN_ONLY_KEYS}
    derived["definitions"] = schema["definitions"]
    return derived


def include_schema_text(schema):
    return json.dumps(include_schema(schema), indent=2, ensure_ascii=False) + "\n"


def included_files(policy: Path, seen=None):
    """Every file `policy` includes, through included files, in include order (missing
    files are left to the Swift front end, which reports them)."""
    seen = [] if seen is None else seen
    folder = policy.parent

    def visit(path: Path):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=UniqueKeyLoader)
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return
        names = data.get("include", []) if isinstance(data, dict) else []
        for name in names if isinstance(names, list) else []:
            target = (path.parent / str(name)).resolve()
            if target in seen or not target.is_file() or not target.is_relative_to(folder.resolve()):
                continue
            seen.append(target)
            visit(target)

    visit(policy)
    return seen


def default_targets():
    """Shipped policies and the Markdown files holding documented examples."""
    policies = sorted(p for p in (ROOT / "Policies").glob("*.yaml") if is_policy_file(p))
    docs = sorted((ROOT / "Docs").glob("*.md"))
    return policies + docs


def check_file(path: Path, validator):
    """Checks one policy, or every policy block of a Markdown file; returns (label, findings) pairs."""
    label = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    if path.suffix == ".md":
        return [(f"{label}:{line}", check_text(label, text, validator, line_offset=line - 1))
                for line, text in doc_blocks(path)]
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return [(label, [f"{label}:1:1: $: the file is not UTF-8; save it as UTF-8"])]
    return [(label, check_text(label, text, validator))]


def undescribed(schema, node=None, where="$"):
    """Every schema property without a description (direct, or on the definition it refers to)."""
    node = schema if node is None else node
    missing = []
    if isinstance(node, dict):
        constraint = any(k in where.rsplit(".", 1)[-1] for k in ("if", "then", "else", "not"))
        for name, sub in ({} if constraint else node.get("properties", {})).items():
            target = sub
            while "description" not in target and "$ref" in target:
                target = schema["definitions"][target["$ref"].split("/")[-1]]
            if "description" not in target:
                missing.append(f"{where}.properties.{name}")
        for key, sub in node.items():
            missing += undescribed(schema, sub, f"{where}.{key}") if isinstance(sub, (dict, list)) else []
    elif isinstance(node, list):
        for index, sub in enumerate(node):
            missing += undescribed(schema, sub, f"{where}[{index}]")
    return missing


def self_test(validator, schema):
    """Every *.bad.yaml fixture must be rejected, at the JSON path its '# expect:' line
    names; every *.good.yaml fixture and every example the Swift checks call passing must
    be accepted (the schema is never stricter than the loader on them)."""
    failures = 0
    for path in sorted(FIXTURES.glob("*.good.yaml")) + sorted(ROOT.glob("Tests/**/*.pass.yaml")):
        findings = check_text(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"), validator)
        for finding in findings:
            print(f"FAIL {finding} (the Swift loader accepts this policy)")
        failures += bool(findings)
    for name in undescribed(schema):
        print(f"FAIL schema: {name} has no description")
        failures += 1
    fixtures = sorted(FIXTURES.glob("*.bad.yaml"))
    if not fixtures:
        print(f"FAIL {FIXTURES}: no *.bad.yaml fixtures")
        return 1
    for path in fixtures:
        text = path.read_text(encoding="utf-8")
        expected = re.search(r"^# expect: (\S+)", text, re.MULTILINE)
        findings = check_text(path.name, text, validator)
        if not findings:
            print(f"FAIL {path.name}: accepted, but it must be rejected")
            failures += 1
        elif expected and not any(f": {expected.group(1)}: " in f for f in findings):
            print(f"FAIL {path.name}: rejected, but not at {expected.group(1)}:")
            for finding in findings:
                print(f"  {finding}")
            failures += 1
        else:
            print(f"ok   {path.name} rejected: {findings[0].split(': ', 1)[1]}")
    return failures


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    options = ("--self-test", "--write-include-schema")
    unknown = [a for a in argv if a.startswith("--") and a not in options]
    if unknown:
        print(
            f"validate-policies: unknown option {unknown[0]}; use --self-test, --write-include-schema or file paths",
            file=sys.stderr,
        )
        return 64
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    if "--write-include-schema" in argv:
        INCLUDE_SCHEMA.write_text(include_schema_text(schema), encoding="utf-8")
        print(f"wrote {INCLUDE_SCHEMA.relative_to(ROOT)}")
        return 0
    validator = jsonschema.Draft7Validator(schema)
    included_schema = json.loads(INCLUDE_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(included_schema)
    included_validator = jsonschema.Draft7Validator(included_schema)
    failures = 0
    targets = [Path(a).resolve() for a in args] or default_targets()
    checks = [(path, validator) for path in targets]
    if not args:
        for policy in (p for p in targets if p.suffix != ".md"):
            checks += [(path, included_validator) for path in included_files(policy)]
    for path, each in checks:
        for label, findings in check_file(path, each):
            if findings:
                failures += 1
                print(f"FAIL {label}")
                for finding in findings:
                    print(f"  {finding}")
            else:
                print(f"ok   {label}" + (" (included file)" if each is included_validator else ""))
    if "--self-test" in argv:
        failures += self_test(validator, schema)
        failures += self_test_include_schema(schema, included_validator)
    return 1 if failures else 0


def self_test_include_schema(schema, included_validator):
    """The include schema is the policy schema's derivation, accepts a file of sections and
    rejects a main-file key; the shipped policies include files to check."""
    failures = 0
    if INCLUDE_SCHEMA.read_text(encoding="utf-8") != include_schema_text(schema):
        print(f"FAIL {INCLUDE_SCHEMA.relative_to(ROOT)} is not derived from {SCHEMA.relative_to(ROOT)}; "
              "run: python3 scripts/validate-policies.py --write-include-schema")
        failures += 1
    if not SCHEMA_LINK.is_symlink() or SCHEMA_LINK.resolve() != SCHEMA.resolve():
        print(f"FAIL {SCHEMA_LINK.relative_to(ROOT)} must be a link to {SCHEMA.relative_to(ROOT)} "
              "(the language server embeds the schema through it; there is one copy)")
        failures += 1
    sections = "feedback:\n  tap: {layer: ui, preset: impact.light}\n"
    for label, text, expected in [
        ("sections only", sections, None),
        ("a main-file key", "policy: x\n" + sections, "$"),
        ("a misspelt section", "feedbak:\n  tap: {layer: ui, preset: impact.light}\n", "$"),
        ("a bad value", "feedback:\n  tap: {layer: ui, preset: impact.lite}\n", None),
    ]:
        findings = check_text(label, text, included_validator)
        accepted = not findings
        if accepted != (label == "sections only") or (expected and not any(f": {expected}: " in f for f in findings)):
            print(f"FAIL include schema: {label}: {'accepted' if accepted else findings}")
            failures += 1
        else:
            print(f"ok   include schema: {label} {'accepted' if accepted else 'rejected'}")
    shipped = [f for p in default_targets() if p.suffix != ".md" for f in included_files(p)]
    if not shipped:
        print("FAIL include schema: no shipped policy includes a file to check")
        failures += 1
    return failures


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
