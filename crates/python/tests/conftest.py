"""Shared fixtures: the repository, and the command line the package is compared with."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "examples"


def _binary() -> Path:
    """The `fairplay` binary: $FAIRPLAY, else one built in the target directory."""
    given = os.environ.get("FAIRPLAY")
    if given:
        return Path(given)
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    for profile in ("release", "debug"):
        if (target / profile / "fairplay").exists():
            return target / profile / "fairplay"
    raise RuntimeError(
        "no fairplay binary: set FAIRPLAY, or run `cargo build -p fairplay` first"
    )


class Cli:
    """Runs the command line."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(self, *args: str, input: bytes = None, check: bool = True) -> subprocess.CompletedProcess:
        env = dict(os.environ, NO_COLOR="1")
        done = subprocess.run(
            [str(self.path), *map(str, args)], input=input, capture_output=True, env=env
        )
        if check and done.returncode not in (0, 2):
            raise AssertionError(f"fairplay {args}: {done.returncode}: {done.stderr!r}")
        return done

    def json(self, *args: str) -> dict:
        return json.loads(self.run(*args, "--format", "json").stdout)

    def text(self, *args: str) -> str:
        return self.run(*args).stdout.decode()


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(_binary())


def batch_rows(cli: Cli, jsonl: Path, *args: str) -> list:
    """`fairplay batch --format jsonl` on a JSON Lines file: its rows, in order."""
    done = cli.run("batch", "--quiet", "--format", "jsonl", *args, str(jsonl))
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def as_cli_row(row: dict) -> dict:
    """A row of judge_many (a dict of its columns) with the keys of a `fairplay batch` row."""
    return {k: v for k, v in row.items() if k != "index"}


def cli_row(row: dict) -> dict:
    """A `fairplay batch` JSON Lines row with judge_many's columns (no log name, no source)."""
    return {k: v for k, v in row.items() if k not in ("log", "source")}


# The start of a script run by `run_python`: `limit_memory(extra)` caps the address space of
# the interpreter it runs in at what it uses now plus `extra` bytes, so that an allocation past
# it fails there (a MemoryError, or an abort that kills only that interpreter), never in the
# interpreter running the suite.
LIMIT_MEMORY = '''
import resource

def limit_memory(extra):
    with open("/proc/self/status") as status:
        size = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
    resource.setrlimit(resource.RLIMIT_AS, (size + extra, size + extra))
'''


def run_python(code: str, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    """Runs `code` in a new interpreter (the suite's, with `limit_memory` defined); its exit
    status, output and errors."""
    return subprocess.run(
        [sys.executable, "-c", LIMIT_MEMORY + textwrap.dedent(code)],
        capture_output=True, text=True, timeout=timeout, **kwargs,
    )
