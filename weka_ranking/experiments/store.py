"""A resumable result store: append-only JSON lines, one unit of work at a time.

Every record names the unit of work that produced it and how many records
that unit writes. A unit's records are appended in one ``write`` under an
exclusive lock and flushed to disk, so an interrupted run leaves whole units
plus at most one torn tail. On opening, torn or corrupt lines and incomplete
units are dropped (by a run, which rewrites the file atomically without them,
keeping its permissions, the file as it was kept beside it as
``results.jsonl.bad-<time>``, and computes those units again; finished units
never are). Reading the records for a report changes nothing. A file none of
whose lines is a unit's record is not a store: it is refused, never rewritten.

A store kept in a repository may be compressed (``results.jsonl.gz``, e.g.
``gzip -9``): it is read first, then any ``results.jsonl`` appended since; a
repair or a deduplication writes both back as one ``results.jsonl``.
"""

from __future__ import annotations

import fcntl
import gzip
import json
import logging
import os
import shutil
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from weka_ranking.atomic import file_kind, open_regular, write_all, write_failed
from weka_ranking.errors import DataError, WekaRankingError

logger = logging.getLogger(__name__)

REQUIRED = ("unit", "unit_records")
NOT_REPAIRED = "the store is as it was, not repaired"
# The files a store's folder holds from a run's first write on: the locks, the
# run's note, an experiment's registration and its pilot's estimate (the names
# of registration.REGISTRATION and estimate.KEPT), the results.
OWN_FILES = (
    ".lock",
    ".run.lock",
    "runs.jsonl",
    "registration.jsonl",
    "estimate.json",
    "results.jsonl",
    "results.jsonl.gz",
)


def check_out_folder(
    folder: Path, own: Iterable[str], holds: str, or_else: str
) -> None:
    """Refuse, before any work, an ``--out`` that is no folder, or another's folder.

    A file, a FIFO or a link to nothing there said "[Errno 17] File exists";
    a folder of other files took a command's files among them, silently. A
    folder holding one of ``own`` (names the command writes) is its own; hidden
    files (``.DS_Store``, ``.gitkeep``) are not others' work. The refusal says
    that the folder ``holds`` none of the command's ("results", "report") and
    offers, after an empty or new folder, ``or_else``.
    """
    _check_kind(folder, holds)
    if not folder.is_dir() or any((folder / name).exists() for name in own):
        return
    others = sorted(n for n in os.listdir(folder) if not n.startswith("."))
    if others:
        shown = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
        raise DataError(
            f"{folder}: is not empty ({shown}) and holds no {holds}: give an empty "
            f"or new folder (--out), or {or_else}"
        )


def check_report_folder(folder: Path, report_files: Iterable[str]) -> None:
    """Refuse a report's ``--out`` of other files: its own are a store's or a report's.

    ``report_files`` are the names the report writes, whose folder it writes
    again (a report's figures are not among them: they need matplotlib).
    """
    check_out_folder(
        folder,
        (*OWN_FILES, *report_files),
        "report",
        "the folder of an earlier report to write it again",
    )


def _check_kind(folder: Path, holds: str) -> None:
    """Refuse a path that is something other than a folder, or a link to nothing."""
    if folder.is_dir():
        return
    if folder.is_symlink() or folder.exists():
        kind = (
            file_kind(folder.stat().st_mode) if folder.exists() else "a link to nothing"
        )
        raise DataError(
            f"{folder}: is {kind}, not a folder: give a folder (new or one written "
            f"before) to hold the {holds} (--out)"
        )


class ResultStore:
    """Records of finished units, in ``results.jsonl`` inside a folder."""

    def __init__(self, folder: str | Path, plan: str | Path = "") -> None:
        self.folder = Path(folder)
        # The plan file a run of this store reads: its own folder is the plan's
        # experiment folder, not another's (docs/held-out-4 keeps both).
        self.plan = Path(plan) if plan else None
        self.path = self.folder / "results.jsonl"
        self.compressed = self.folder / "results.jsonl.gz"
        self.runs_path = self.folder / "runs.jsonl"
        self.dropped = 0
        # Units of the last read written twice with different results: each
        # (unit, the kept copy's first line, the other's).
        self.conflicts: list[tuple[str, int, int]] = []
        # The first line set aside by the last read, and why ("" if none).
        self.first_bad = ""

    def exists(self) -> bool:
        return self.path.is_file() or self.compressed.is_file()

    def _lines(self) -> Iterable[bytes]:
        if self.compressed.exists() or self.compressed.is_symlink():
            raw = os.fdopen(open_regular(self.compressed, os.O_RDONLY), "rb")
            try:
                with raw, gzip.open(raw, "rb") as stream:
                    yield from stream
            except (OSError, EOFError) as err:
                raise WekaRankingError(
                    f"{self.compressed}: not a whole gzip file ({err}); restore it "
                    "from the repository or remove it to run its units again"
                ) from None
        if self.path.exists() or self.path.is_symlink():
            with os.fdopen(open_regular(self.path, os.O_RDONLY), "rb") as stream:
                yield from stream

    def _read(self) -> tuple[dict[str, list[tuple[int, dict]]], int]:
        """Each unit's records with their line numbers; the count of lines set aside."""
        units: dict[str, list[tuple[int, dict]]] = defaultdict(list)
        bad = whole_but_bad = 0
        first_bad = ""
        for number, raw in enumerate(self._lines(), 1):
            try:
                record = json.loads(raw)
                if not raw.endswith(b"\n"):
                    raise ValueError("a torn line")
                _check_record(record)
            except (ValueError, TypeError, RecursionError) as err:
                bad += 1
                whole_but_bad += raw.endswith(b"\n")
                first_bad = first_bad or f"line {number}: {_reason(err)}"
                continue
            units[record["unit"]].append((number, record))
        self.first_bad = first_bad
        if whole_but_bad and not units:
            # Not a store with a torn tail: a file of something else.
            raise NotAStore(
                f"{self.path}: not a results store (none of its lines is a unit's "
                f"record with {' and '.join(REQUIRED)}); left as it is: give another "
                "folder, or move the file away"
            )
        return units, bad

    def load(self) -> dict[str, list[dict]]:
        """Records of every complete unit; repairs the file if anything was torn.

        A unit written twice (two runs on one store) keeps one whole copy by
        :data:`KEPT_OF_TWO`; copies whose results differ are said. A repair
        reads the file again under the writers' lock, so that a unit another
        process appends meanwhile (a report read during a run) is not lost.
        """
        complete, bad, incomplete, duplicates = self._complete()
        if not (duplicates or bad or incomplete):
            return complete
        with self._locked():
            complete, bad, incomplete, duplicates = self._complete()
            if duplicates:
                logger.info(
                    "%s: %d units were written twice; kept one", self.path, duplicates
                )
            self._say_conflicts()
            if bad or incomplete:
                logger.warning(
                    "%s: dropped %d unreadable lines and %d incomplete units%s; "
                    "they will be computed again",
                    self.path,
                    bad,
                    incomplete,
                    f" (the first at {self.first_bad})" if self.first_bad else "",
                )
                self.dropped = bad + incomplete
            if bad or incomplete or self.conflicts:  # a copy set aside may be right
                kept = self._keep_original()
                logger.warning("%s: the file as it was is kept as %s", self.path, kept)
            if duplicates or bad or incomplete:
                self._rewrite(r for records in complete.values() for r in records)
        return complete

    def _complete(self) -> tuple[dict[str, list[dict]], int, int, int]:
        """Complete units' records; counts of bad lines, incomplete units, twice.

        Units written twice with different results are counted in
        ``self.conflicts`` and the first said once, with the rule that chose.
        """
        units, bad = self._read()
        complete, duplicates, conflicts = {}, 0, []
        for unit, numbered in units.items():
            writes: dict[str, list[tuple[int, dict]]] = defaultdict(list)
            for line, record in numbered:
                writes[record.get("write", "")].append((line, record))
            whole = [w for w in writes.values() if len(w) == w[0][1]["unit_records"]]
            # A unit run again after it failed keeps the write that succeeded.
            whole.sort(key=lambda w: any("error" in r for _, r in w))
            if whole:
                complete[unit] = [r for _, r in whole[0]]
                duplicates += len(whole) - 1
                kept = _results(whole[0])
                differing = [
                    w for w in whole[1:] if not _failed(w) and _results(w) != kept
                ]
                if differing and not _failed(whole[0]):
                    conflicts.append((unit, whole[0][0][0], differing[0][0][0]))
        self.conflicts = conflicts
        return complete, bad, len(units) - len(complete), duplicates

    def _say_conflicts(self) -> None:
        """Say once the units of the last read written twice with other results."""
        if not self.conflicts:
            return
        unit, kept, other = self.conflicts[0]
        more = len(self.conflicts) - 1
        logger.warning(
            "%s: unit %s is written twice with different results (lines %d and %d)%s;"
            " kept line %d's, %s: remove the wrong one, or run the plan into a new "
            "folder",
            self.path,
            unit,
            kept,
            other,
            f", and {more} more units" if more else "",
            kept,
            KEPT_OF_TWO,
        )

    def records(self) -> list[dict]:
        """Every complete unit's records, read only: the store is never changed.

        What :meth:`load` would repair (torn lines, incomplete units, a unit
        written twice) is left out in memory and said once; the file stays as
        it is until a run on the store repairs it. So a report of a store it
        may not change (another's, on read-only media) reads it whole.
        """
        complete, bad, incomplete, _ = self._complete()
        self._say_conflicts()
        if bad or incomplete:
            logger.warning(
                "%s: %d unreadable lines and %d incomplete units left out%s; the file "
                "is left as it is (running its experiment again repairs it)",
                self.path,
                bad,
                incomplete,
                f" (the first at {self.first_bad})" if self.first_bad else "",
            )
        return [r for records in complete.values() for r in records]

    def _keep_original(self) -> Path:
        """A copy of the store as it is, before a repair drops any line of it."""
        source = self.path if self.path.exists() else self.compressed
        kept = source.with_name(f"{source.name}.bad-{time.strftime('%Y%m%dT%H%M%S')}")
        try:
            shutil.copy2(source, kept)
        except OSError as err:
            kept.unlink(missing_ok=True)
            raise write_failed(kept, err, NOT_REPAIRED) from None
        return kept

    def _rewrite(self, records: Iterable[dict]) -> None:
        """Replace the store by ``records``, atomically; the caller holds the lock."""
        existing = self.path if self.path.exists() else self.compressed
        mode = existing.stat().st_mode & 0o777 if existing.exists() else None
        try:
            handle, temporary = tempfile.mkstemp(prefix=".results.", dir=self.folder)
        except OSError as err:
            raise write_failed(self.path, err, NOT_REPAIRED) from None
        try:
            if mode is not None:  # the store keeps its permissions
                os.chmod(temporary, mode)
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                for record in records:
                    stream.write(json.dumps(record, sort_keys=True) + "\n")
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as err:
            os.unlink(temporary)
            raise write_failed(self.path, err, NOT_REPAIRED) from None
        os.replace(temporary, self.path)
        self.compressed.unlink(missing_ok=True)  # its records are in the new file

    def check_folder(self) -> None:
        """Refuse, before any work, a path that is no folder, or another's folder.

        The folder that holds the plan being run is that plan's own: the plan
        file counts among the names that mark it so, and its results are
        written beside it.
        """
        own = OWN_FILES
        plan = self.plan
        if plan is not None and plan.resolve().parent == self.folder.resolve():
            own = (*OWN_FILES, plan.name)
        check_out_folder(
            self.folder,
            own,
            "results",
            "the folder of an earlier run of the same plan to resume it",
        )

    def _make_folder(self) -> None:
        _check_kind(self.folder, "results")
        self.folder.mkdir(parents=True, exist_ok=True)

    def _locked(self):
        self._make_folder()
        return _Lock(self.folder / ".lock")

    def append(self, unit: str, records: list[dict]) -> None:
        """Append one unit's records whole: one write, under the lock, synced."""
        write = uuid.uuid4().hex
        for record in records:
            record["unit"] = unit
            record["unit_records"] = len(records)
            record["write"] = write
        payload = "".join(json.dumps(r, sort_keys=True) + "\n" for r in records)
        self._append_text(self.path, payload, f"unit {unit}")

    def run_lock(self) -> _RunLock:
        """Held by one run at a time.

        A second run on this folder is refused at once, naming the process that holds
        it; a folder of other files is refused (:meth:`check_folder`).
        """
        self.check_folder()
        self._make_folder()
        return _RunLock(self.folder / ".run.lock")

    def add_run(self, run: dict) -> None:
        """Note one invocation (versions, argv, git sha) in ``runs.jsonl``."""
        self.add_note(self.runs_path.name, run, "the run's note")

    def runs(self) -> list[dict]:
        """The invocations noted so far, oldest first (a torn line left out)."""
        return self.notes(self.runs_path.name)

    def add_note(self, name: str, note: dict, what: str) -> None:
        """Append ``note`` as a JSON line to the folder's file ``name``, whole or not.

        ``what`` names the note for the message of a write that fails.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        line = json.dumps(note, sort_keys=True) + "\n"
        self._append_text(self.folder / name, line, what)

    def notes(self, name: str) -> list[dict]:
        """The JSON objects of the folder's file ``name``, oldest first.

        A torn line, or one that is no object, is left out; no file is none.
        """
        path = self.folder / name
        if not (path.exists() or path.is_symlink()):
            return []
        descriptor = open_regular(path, os.O_RDONLY)
        with os.fdopen(descriptor, encoding="utf-8", errors="replace") as stream:
            text = stream.read()
        notes = []
        for line in text.splitlines():
            try:
                note = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(note, dict):
                notes.append(note)
        return notes

    def _append_text(self, path: Path, payload: str, what: str) -> None:
        """Append ``payload`` whole, or not at all: a part written is cut off again.

        ``what`` names what the payload is, for the message of a write that
        fails (a full disk wrote 61,440 bytes of a record, silently).
        """
        with self._locked():
            descriptor = open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
            try:
                end = os.fstat(descriptor).st_size
                try:
                    write_all(descriptor, payload.encode("utf-8"))
                    os.fsync(descriptor)
                except OSError as err:
                    os.ftruncate(descriptor, end)
                    raise write_failed(
                        path,
                        err,
                        f"{what} is not written and the file is as it was (the units "
                        "finished before are kept)",
                    ) from None
            finally:
                os.close(descriptor)


# The rule for a unit written twice, said in the warning and in the docs.
KEPT_OF_TWO = "of two whole copies, the first in the file that holds no error"
# What a unit's copies may differ in when their results are the same.
_COSTS = ("write", "versions", "peak_heap_mb")


def _results(write: list[tuple[int, dict]]) -> list[dict]:
    """A write's records without what differs between runs of one unit (costs)."""
    return [
        {k: v for k, v in r.items() if k not in _COSTS and not k.endswith("seconds")}
        for _, r in write
    ]


def _failed(write: list[tuple[int, dict]]) -> bool:
    return any("error" in r for _, r in write)


def _reason(err: Exception) -> str:
    if isinstance(err, RecursionError):
        return "nested too deep to be a record"
    if isinstance(err, json.JSONDecodeError):
        return "not JSON"
    return str(err)


def _check_record(record: object) -> None:
    """Refuse a line that is not a unit's record, by type and range, naming why.

    Hand-edited stores held an AUC as a string, null or NaN, a unit as a list,
    ``auc: 1e308``, or a record whose fields contradict its unit's key: each
    once stopped every later run and report with a ``TypeError``.
    """
    if not isinstance(record, dict):
        raise ValueError(f"a JSON {type(record).__name__}, not a record")
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        raise ValueError(f"no {' or '.join(missing)}")
    if not isinstance(record["unit"], str) or not record["unit"]:
        raise ValueError(f"unit {record['unit']!r} is not a unit's name")
    count = record["unit_records"]
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError(f"unit_records {count!r} is not a count of records")
    if "auc" in record and "error" not in record:
        auc = record["auc"]
        if not isinstance(auc, (int, float)) or isinstance(auc, bool):
            raise ValueError(f"auc {auc!r} is not a number")
        if not 0 <= auc <= 1:  # NaN too
            raise ValueError(f"auc {auc!r} is not in [0, 1]")
    fields = ("dataset", "scheme_name", "run", "fold")
    if all(k in record for k in fields) and record["unit"].count("/") == 3:
        key = "{}/{}/run={}/fold={}".format(*(record[k] for k in fields))
        if key != record["unit"]:
            raise ValueError(f"its fields say {key!r}, its unit {record['unit']!r}")


class _Lock:
    """An exclusive ``flock`` on a file, so concurrent writers take turns."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> _Lock:
        self.descriptor = open_regular(self.path, os.O_RDWR | os.O_CREAT)
        fcntl.flock(self.descriptor, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc) -> None:
        fcntl.flock(self.descriptor, fcntl.LOCK_UN)
        os.close(self.descriptor)


class NotAStore(WekaRankingError):
    """The folder's results file is not a store's: refused, never rewritten."""


class RunInProgress(WekaRankingError):
    """Another run writes into the same store."""


class _RunLock:
    """A non-blocking exclusive ``flock`` that records its holder's pid."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> _RunLock:
        self.descriptor = open_regular(self.path, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(self.descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(self.descriptor, 32, 0).decode(errors="replace").strip()
            os.close(self.descriptor)
            raise RunInProgress(
                f"{self.path.parent}: another run (process {holder or '?'}) is "
                "writing here; wait for it to finish, or give another folder (--out)"
            ) from None
        os.ftruncate(self.descriptor, 0)
        os.pwrite(self.descriptor, str(os.getpid()).encode(), 0)
        return self

    def __exit__(self, *exc) -> None:
        fcntl.flock(self.descriptor, fcntl.LOCK_UN)
        os.close(self.descriptor)
