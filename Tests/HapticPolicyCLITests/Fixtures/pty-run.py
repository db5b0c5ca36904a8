#!/usr/bin/env python3
"""Run a command with stderr on a pseudo-terminal, as a user's shell would, and print
everything that terminal showed (PtyProgressTests).

    python3 pty-run.py same COMMAND...    # stdout on the same terminal as stderr
    python3 pty-run.py other COMMAND...   # stdout on a second terminal (drained, not shown)
    python3 pty-run.py file COMMAND...    # stdout to /dev/null (a redirect)

Exits with the command's status.
"""
import os
import pty
import subprocess
import sys
import threading


def drain(fd: int, into: bytearray) -> None:
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO once the last writer closed the terminal
            return
        if not chunk:
            return
        into.extend(chunk)


def main(mode: str, command: list[str]) -> int:
    master, slave = pty.openpty()
    others = []
    if mode == "same":
        stdout = slave
    elif mode == "other":
        other_master, stdout = pty.openpty()
        others.append(other_master)
    else:
        stdout = os.open(os.devnull, os.O_WRONLY)
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=slave, close_fds=True)
    os.close(slave)
    if stdout != slave:
        os.close(stdout)
    shown = bytearray()
    ignored = bytearray()
    threads = [threading.Thread(target=drain, args=(master, shown))]
    threads += [threading.Thread(target=drain, args=(fd, ignored)) for fd in others]
    for thread in threads:
        thread.start()
    status = process.wait()
    for thread in threads:
        thread.join(timeout=30)
    sys.stdout.buffer.write(bytes(shown))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
