print("a11y-bench: no benchmarks yet")
