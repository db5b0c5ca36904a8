#!/usr/bin/env python3
"""Checks an artifact bundle against the format SwiftPM reads (SE-0305, "Package Manager
Binary Target Improvements"): info.json has schemaVersion "1.0" and `artifacts`, a map
of names to {version, type, variants}; type is "executable" here (the plugin's tool);
each variant has a relative `path` to an executable file inside the bundle and a
non-empty list of `supportedTriples`. No other keys are allowed (SwiftPM ignores them,
so a typo would go unnoticed).

    scripts/validate-artifactbundle.py PATH.artifactbundle
"""
import json
import os
import re
import sys

TRIPLE = re.compile(r"^[a-z0-9_]+-[a-z0-9_]+-[a-z0-9_.]+(-[a-z0-9_.]+)?$")


def validate(bundle):
    errors = []
    info_path = os.path.join(bundle, "info.json")
    try:
        with open(info_path, encoding="utf-8") as f:
            info = json.load(f)
    except (OSError, ValueError) as e:
        return [f"{info_path}: {e}"]

    def check_keys(where, value, required, optional=()):
        if not isinstance(value, dict):
            errors.append(f"{info_path}: {where} is not an object")
            return False
        for key in required:
            if key not in value:
                errors.append(f"{info_path}: {where} has no '{key}'")
        for key in value:
            if key not in required and key not in optional:
                errors.append(f"{info_path}: {where} has '{key}', which the format does not define")
        return True

    if not check_keys("the file", info, ["schemaVersion", "artifacts"]):
        return errors
    if info.get("schemaVersion") != "1.0":
        errors.append(f"{info_path}: schemaVersion is {info.get('schemaVersion')!r}, not \"1.0\"")
    artifacts = info.get("artifacts")
    if not isinstance(artifacts, dict) or not artifacts:
        errors.append(f"{info_path}: artifacts is not a non-empty object")
        return errors
    for name, artifact in artifacts.items():
        where = f"artifact '{name}'"
        if not check_keys(where, artifact, ["version", "type", "variants"]):
            continue
        if not isinstance(artifact.get("version"), str) or not artifact.get("version"):
            errors.append(f"{info_path}: {where}: version is not a string")
        if artifact.get("type") != "executable":
            errors.append(f"{info_path}: {where}: type is {artifact.get('type')!r}, not \"executable\"")
        variants = artifact.get("variants")
        if not isinstance(variants, list) or not variants:
            errors.append(f"{info_path}: {where}: variants is not a non-empty array")
            continue
        seen = set()
        for i, variant in enumerate(variants):
            at = f"{where} variant {i}"
            if not check_keys(at, variant, ["path", "supportedTriples"]):
                continue
            path = variant.get("path")
            if not isinstance(path, str) or os.path.isabs(path) or ".." in path.split("/"):
                errors.append(f"{info_path}: {at}: path {path!r} is not relative to the bundle")
            else:
                file = os.path.join(bundle, path)
                if not os.path.isfile(file) or not os.access(file, os.X_OK):
                    errors.append(f"{info_path}: {at}: {path} is not an executable file in the bundle")
            triples = variant.get("supportedTriples")
            if not isinstance(triples, list) or not triples:
                errors.append(f"{info_path}: {at}: supportedTriples is not a non-empty array")
                continue
            for triple in triples:
                if not isinstance(triple, str) or not TRIPLE.match(triple):
                    errors.append(f"{info_path}: {at}: {triple!r} is not a target triple")
                elif triple in seen:
                    errors.append(f"{info_path}: {at}: {triple} is in two variants")
                seen.add(triple)
    return errors


def main():
    if len(sys.argv) != 2:
        print("usage: scripts/validate-artifactbundle.py PATH.artifactbundle", file=sys.stderr)
        return 2
    errors = validate(sys.argv[1])
    for error in errors:
        print(f"validate-artifactbundle: {error}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
