"""The JDK's tools as the tests run them: the same output for half the CPU.

A compile of seconds spends half its CPU on the JVM's optimising JIT (C2) and
the collector's threads, compiling and cleaning up after ``javac`` itself. On
the first tier (C1) with the serial collector, ``javac`` of ``src/`` took 3.5 s
of CPU instead of 7.4 s (load 12, three rounds each) and wrote the same class
files, byte for byte; a JIT's tier changes how fast the tool runs, never what
it writes. Only for the tools' short JVMs: WEKA's and the members' work runs on
the JVM as users run it.
"""

from __future__ import annotations

from collections.abc import Mapping

QUICK_JVM = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
# javac's launcher passes -J options to its own JVM.
QUICK_JAVAC = tuple(f"-J{option}" for option in QUICK_JVM)


def quick_tools_env(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` with every JVM a build script starts on :data:`QUICK_JVM`.

    Through ``JAVA_TOOL_OPTIONS``, which javac, java and Ant's JVM all read
    (each then says "Picked up JAVA_TOOL_OPTIONS" on stderr).
    """
    return {**env, "JAVA_TOOL_OPTIONS": " ".join(QUICK_JVM)}
