"""The benchmarks: the method's costs and its peers', side by side in one run."""
