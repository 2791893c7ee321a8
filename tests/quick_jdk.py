"""The tests' own JVMs on the JIT's first tier: the same output for less CPU.

A JVM of seconds (javac, WEKA's command line on a small set) spends much of
its CPU in the optimising JIT (C2), compiling code it will hardly run again.
Stopped at the first tier (C1), ``javac`` of ``src/`` took 3.0 to 3.3 s of CPU
instead of 6.6 to 8.4 s (load 12 to 17) and wrote the same class files, byte
for byte. The tier changes how fast the code runs, never what it computes:
since Java 17 every floating-point operation is strict (JEP 306), so WEKA's
numbers are the same bits on either tier. The collector and the heap stay the
JVM's defaults, so the heap's limits are the ones users meet.
"""

from __future__ import annotations

from collections.abc import Mapping

QUICK_JVM = ("-XX:TieredStopAtLevel=1",)
# javac's launcher passes -J options to its own JVM.
QUICK_JAVAC = tuple(f"-J{option}" for option in QUICK_JVM)


def quick_tools_env(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` with every JVM a build script starts on :data:`QUICK_JVM`.

    Through ``JAVA_TOOL_OPTIONS``, which javac, java and Ant's JVM all read
    (each then says "Picked up JAVA_TOOL_OPTIONS" on stderr).
    """
    return {**env, "JAVA_TOOL_OPTIONS": " ".join(QUICK_JVM)}
