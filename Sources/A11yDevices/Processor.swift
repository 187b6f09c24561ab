#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The calling thread and the CPU.
package enum Processor {
    /// Lets the threads that are ready to run on this CPU (those the caller just woke with a
    /// write, say) run before the caller goes on.
    package static func yield() {
        sched_yield()
    }
}
