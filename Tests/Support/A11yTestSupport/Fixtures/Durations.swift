/// `n` milliseconds, as the times the tests give an engine, a clock or an output: `ms(250)`.
package func ms(_ n: Int) -> Duration { .milliseconds(n) }
