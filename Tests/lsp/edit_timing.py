"""How long `haptic-policy lsp` takes over one-character edits (Docs/editors.md, "Edits").

    python3 Tests/lsp/edit_timing.py [EDITS] [BYTES]     # defaults: 10000 300000

Opens a policy of about BYTES bytes (comment lines after `policy:` and `version:`), then
sends EDITS incremental `didChange` notifications, each inserting one character at a
scattered line, then `shutdown` and `exit`, all down the pipe as fast as the server takes
them, and prints how long the server took from the first edit to its exit and how many
times it published diagnostics (each publish is one check of the whole policy). The
server is HAPTIC_POLICY_BIN, else .build/debug/haptic-policy. Not run by the tests: a
figure to measure by hand, not to assert.
"""

import json
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("HAPTIC_POLICY_BIN", str(ROOT / ".build" / "debug" / "haptic-policy"))


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def main() -> None:
    edits = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 300_000
    line = "  # a comment line that pads the policy out to its size, nothing more\n"
    text = "policy: p\nversion: 1\n" + line * (size // len(line))
    lines = text.count("\n")
    folder = pathlib.Path("/tmp/lsp-edit-timing")
    uri = (folder / "p.yaml").as_uri()
    opening = frame(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": folder.as_uri()}}
    ) + frame(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
        }
    )
    changes = []
    for index in range(edits):
        at = {"line": 2 + (index * 7919) % (lines - 3), "character": (index * 31) % 40}
        changes.append(
            frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didChange",
                    "params": {
                        "textDocument": {"uri": uri, "version": index + 2},
                        "contentChanges": [{"range": {"start": at, "end": at}, "text": "x"}],
                    },
                }
            )
        )
    changes.append(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    changes.append(frame({"jsonrpc": "2.0", "method": "exit"}))
    server = subprocess.Popen(
        [BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    server.stdin.write(opening)
    server.stdin.flush()
    start = time.monotonic()
    server.stdin.write(b"".join(changes))
    server.stdin.close()
    output = server.stdout.read()
    server.wait()
    elapsed = time.monotonic() - start
    # Foundation writes `/` as `\/`: count the method name after it.
    checks = output.count(b"publishDiagnostics")
    print(f"{edits} edits of a {len(text)}-byte policy: {elapsed:.2f} s, {checks} checks, exit {server.returncode}")


if __name__ == "__main__":
    main()
