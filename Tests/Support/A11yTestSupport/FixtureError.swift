/// A failure of a test's (or the benchmark's) setup, with what to do about it.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
