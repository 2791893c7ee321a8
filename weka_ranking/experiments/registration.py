"""Pre-registration: a plan's decision rule in its store before its first unit.

A claim drawn from an experiment is only as good as the proof that its rule
came before its results. A plan may carry its decision rule (``[rule]``: what
is compared, the measure, the test, thresholds, every tie-break and fallback)
and dated amendments (``[[amendment]]``)::

    [rule]
    text = "the default against J48 alone: mean AUC over the data sets ..."
    compared = ["default", "J48 alone"]
    measure = "mean AUC over folds"
    test = "Wilcoxon signed-rank, Holm, 0.05"

    [[amendment]]
    date = 2026-11-28
    text = "why the rule changes"
    test = "the new test"          # the rule's keys it changes

Before the plan's first unit runs, the engine writes the plan, its rule and
their SHA-256 with a UTC time to ``registration.jsonl`` in the store. A rule
changed once units exist is refused unless the change comes as an amendment;
each amendment is kept with the number of results the store held when it was
recorded. Every unit's records carry when and where they ran
(``provenance``: start and end in UTC, the package version and commit, the
host and worker), so the report can state, from the store alone, when the
rule was recorded, when the first unit started and what each amendment saw.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from weka_ranking.errors import DataError
from weka_ranking.experiments.store import ResultStore
from weka_ranking.version import __version__

REGISTRATION = "registration.jsonl"
PROVENANCE = "provenance"


class RegistrationError(DataError):
    """A rule the store cannot take as registered (said in one line)."""


def utc_now() -> str:
    """The time now in UTC, to the millisecond, ISO 8601."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")


def _recorded_now() -> str:
    """:func:`utc_now` for a registration, once the clock has left its millisecond.

    A unit stamped next (:func:`stamped`) then starts strictly after the rule
    or amendment was recorded: stamped in the same millisecond, the store
    could not prove the order (a harness's first fold, made up in a test,
    started within it, and the report said the rule came after it).
    """
    recorded = utc_now()
    while utc_now() <= recorded:
        time.sleep(0.0002)
    return recorded


def digest(value: Any) -> str:
    """The SHA-256 of a value's canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _date(value: Any, where: str) -> str:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value).isoformat()
        except ValueError:
            pass
        try:
            return dt.datetime.fromisoformat(value).isoformat()
        except ValueError:
            pass
    raise DataError(
        f"{where}: date = {value!r}: not a date; write it as TOML's 2026-11-28 "
        "(or a date and time)"
    )


def _text(table: dict, where: str) -> None:
    text = table.get("text")
    if not isinstance(text, str) or not text.strip():
        raise DataError(
            f"{where}: text = {text!r}: say the rule in words (a non-empty string)"
        )


def read_rule(document: dict, where: str) -> tuple[dict | None, tuple[dict, ...]]:
    """A plan document's ``[rule]`` and ``[[amendment]]`` tables, checked.

    Each amendment's date is kept as ISO text, so that the rule and its
    amendments are plain JSON values whose digest does not depend on TOML. An
    amendment must change a key of the rule as the earlier ones left it: its
    ``date`` and ``text`` (why the rule changes) are its own, not the rule's,
    so an amendment of those alone was recorded as one while the rule judged
    by, and its SHA-256, stayed the same.
    """
    rule = document.get("rule")
    amendments = document.get("amendment", [])
    if rule is not None:
        if not isinstance(rule, dict):
            raise DataError(f"{where}: rule must be a table: write [rule]")
        _text(rule, f"{where} [rule]")
    if not isinstance(amendments, list) or not all(
        isinstance(a, dict) for a in amendments
    ):
        raise DataError(f"{where}: amendment must be tables: write [[amendment]]")
    if amendments and rule is None:
        raise DataError(
            f"{where}: [[amendment]] without a [rule]: an amendment changes a rule"
        )
    checked = []
    for i, amendment in enumerate(amendments, 1):
        place = f"{where} [[amendment]] {i}"
        _text(amendment, place)
        if "date" not in amendment:
            raise DataError(f"{place}: no date: an amendment is dated (date = ...)")
        before = effective_rule(rule, tuple(checked))
        checked.append({**amendment, "date": _date(amendment["date"], place)})
        if effective_rule(rule, tuple(checked)) == before:
            raise DataError(
                f"{place}: changes none of the rule's keys (its date and text say "
                "when and why): give each key it changes with the new value, e.g. "
                'test = "..."'
            )
    return rule, tuple(checked)


def effective_rule(rule: dict, amendments: tuple[dict, ...]) -> dict:
    """The rule as its amendments leave it: each one's keys replace the rule's."""
    current = dict(rule)
    for amendment in amendments:
        current.update(
            {k: v for k, v in amendment.items() if k not in ("date", "text")}
        )
    return current


def entries(folder: str | Path) -> list[dict]:
    """The registration's lines in a store folder, oldest first (torn ones left out)."""
    return [
        entry
        for entry in ResultStore(folder).notes(REGISTRATION)
        if entry.get("kind") in ("rule", "amendment")
    ]


def _current(found: list[dict]) -> tuple[list[dict], list[dict]]:
    """The rules recorded, and the amendments of the last one (recorded after it).

    A rule recorded again before any result replaces the earlier one and its
    amendments.
    """
    rules = [e for e in found if e["kind"] == "rule"]
    if not rules:
        return [], []
    last = max(i for i, e in enumerate(found) if e["kind"] == "rule")
    return rules, [e for e in found[last + 1 :] if e["kind"] == "amendment"]


def _append(folder: Path, entry: dict) -> None:
    ResultStore(folder).add_note(REGISTRATION, entry, f"the {entry['kind']}'s record")


def register(
    folder: str | Path,
    plan: dict,
    rule: dict | None,
    amendments: tuple[dict, ...],
    results_seen: int,
    where: str,
) -> None:
    """Record the plan's rule and new amendments before any unit runs, or refuse.

    ``results_seen`` is how many units' results the store holds now. A rule is
    recorded before the first result (a rule first given to a store that holds
    results is refused: it would not be a pre-registration); once results
    exist, the rule may change only by amendments, appended in order.
    """
    folder = Path(folder)
    rules, registered = _current(entries(folder))
    if rule is None:
        if rules:
            raise RegistrationError(
                f"{where}: no [rule], but {folder} registered one at "
                f"{rules[-1]['recorded']}: keep the plan's [rule] as registered"
            )
        return
    if not rules or (results_seen == 0 and rules[-1]["rule_sha256"] != digest(rule)):
        if results_seen:
            raise RegistrationError(
                f"{where}: {folder} holds {results_seen} results recorded without "
                "a rule: a rule given now would not come before them; run the plan "
                "into a new --out folder"
            )
        _append(
            folder,
            {
                "kind": "rule",
                "recorded": _recorded_now(),
                "rule": rule,
                "rule_sha256": digest(rule),
                "plan": plan,
                "plan_sha256": digest(plan),
                "results_seen": 0,
            },
        )
        registered = []
    elif rules[-1]["rule_sha256"] != digest(rule):
        raise RegistrationError(
            f"{where}: [rule] differs from the rule {folder} registered at "
            f"{rules[-1]['recorded']}, and results exist: keep [rule] as "
            "registered and give the change as a dated [[amendment]]"
        )
    given = [digest(a) for a in amendments]
    kept = [a["amendment_sha256"] for a in registered]
    if given[: len(kept)] != kept:
        raise RegistrationError(
            f"{where}: the [[amendment]] tables differ from the {len(kept)} "
            f"{folder} registered: keep those as they are and add new ones after"
        )
    for amendment in amendments[len(kept) :]:
        _append(
            folder,
            {
                "kind": "amendment",
                "recorded": _recorded_now(),
                "amendment": amendment,
                "amendment_sha256": digest(amendment),
                "rule_sha256": digest(effective_rule(rule, amendments)),
                "results_seen": results_seen,
            },
        )


@functools.cache
def software() -> dict[str, str | None]:
    """The package's version and commit, as every unit's provenance records them.

    Asked once a process (the commit through ``git``): the runner's run
    description asks before the worker threads start, so no unit's thread
    starts a ``git`` process of its own while others' units are stored.
    """
    from weka_ranking.environment import git_sha

    return {"weka_ranking": __version__, "commit": git_sha()}


def stamped(work: Callable[[Any], list[dict]], unit: Any) -> list[dict]:
    """``work(unit)``'s records, each with when and where the unit ran.

    Module-level, so that ``functools.partial(stamped, work)`` travels to worker
    processes and Dask workers as ``work`` does.
    """
    started = utc_now()
    records = work(unit)
    host = socket.gethostname()
    thread = threading.current_thread()
    worker = f"{host} pid {os.getpid()}"
    provenance = {
        "started": started,
        "finished": utc_now(),
        "host": host,
        # The thread where several run units (--jobs N, a Dask worker's).
        "worker": worker
        if thread is threading.main_thread()
        else f"{worker} thread {thread.name}",
        **software(),
    }
    return [{**record, PROVENANCE: provenance} for record in records]


def rule_record(folder: str | Path, records: list[dict]) -> dict | None:
    """What the store shows of its rule: when recorded, first unit, amendments.

    None where the store registered no rule. Times are the store's own.
    """
    rules, amendments = _current(entries(folder))
    if not rules:
        return None
    starts = sorted(
        r[PROVENANCE]["started"]
        for r in records
        if isinstance(r.get(PROVENANCE), dict) and "started" in r[PROVENANCE]
    )
    unstamped = sum(1 for r in records if not isinstance(r.get(PROVENANCE), dict))
    rule = rules[-1]
    first = starts[0] if starts else None
    return {
        "recorded": rule["recorded"],
        "rule": rule["rule"],
        "rule_sha256": rule["rule_sha256"],
        "plan_sha256": rule["plan_sha256"],
        "first_unit_started": first,
        "before_first_unit": first is None
        or _instant(rule["recorded"]) < _instant(first),
        "records_without_times": unstamped,
        "amendments": [
            {
                "recorded": e["recorded"],
                "date": e["amendment"]["date"],
                "text": e["amendment"]["text"],
                "changes": {
                    k: v for k, v in e["amendment"].items() if k not in ("date", "text")
                },
                "results_seen": e["results_seen"],
                "rule_sha256": e["rule_sha256"],
            }
            for e in amendments
        ],
    }


def _instant(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def rule_section(values: dict) -> list[str]:
    """The report's section on the rule, from :func:`rule_record`'s values."""
    first = values["first_unit_started"]
    order = "before" if values["before_first_unit"] else "**after**"
    lines = [
        "## The decision rule, as registered",
        "",
        f"Recorded in the store at {values['recorded']} (UTC), {order} the first "
        f"unit started ({first or 'no unit has run'}); rule SHA-256 "
        f"`{values['rule_sha256'][:16]}`, plan SHA-256 "
        f"`{values['plan_sha256'][:16]}` (`registration.jsonl`).",
        "",
        f"> {values['rule']['text']}",
        "",
    ]
    lines += _keys(values["rule"])
    if values["records_without_times"]:
        lines += [
            f"{values['records_without_times']} records carry no times (written "
            "by a version that kept none): what they saw cannot be shown.",
            "",
        ]
    for i, amendment in enumerate(values["amendments"], 1):
        lines += [
            f"Amendment {i}, dated {amendment['date']}, recorded "
            f"{amendment['recorded']} after {amendment['results_seen']} results: "
            f"{amendment['text']} (the rule's SHA-256 as amended: "
            f"`{amendment['rule_sha256'][:16]}`)",
            "",
        ]
        lines += _keys(amendment.get("changes", {}))
    return lines


def _keys(table: dict) -> list[str]:
    """A rule's or an amendment's keys besides its words, one item each."""
    items = [f"- `{k}`: {json.dumps(v)}" for k, v in table.items() if k != "text"]
    return [*items, ""] if items else []
