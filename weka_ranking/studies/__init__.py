"""The studies built over the core's public API.

Each study is a subpackage with its plan, its runner over
:mod:`weka_ranking.evaluation`, the values it computes and the templates it
renders them with. The core (everything outside this folder) imports none of
them.
"""
