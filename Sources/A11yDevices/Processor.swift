#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The calling thread and the CPU.
public enum Processor {
    /// Lets the threads that are ready to run on this CPU (those the caller just woke with a
    /// write, say) run before the caller goes on.
    public static func yield() {
        sched_yield()
    }
}
