"""The monograph's experiments: batteries, sweeps, a resumable store, the report."""
