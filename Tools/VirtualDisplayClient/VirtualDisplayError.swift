/// A failure to reach BRLTTY's vr socket or to talk to it, with the reason the system gave.
public struct VirtualDisplayError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
