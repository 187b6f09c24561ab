print(runAutoRepeatJitterBenchmark())
