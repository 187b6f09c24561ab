/// A failure of a test's (or the benchmark's) setup, with what to do about it.
package struct FixtureError: Error, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
