/// Orca's D-Bus service, as Orca 49 and later offer it on the user's session bus: a program can
/// ask Orca to speak a message in the user's own Orca voice, rate and language.
///
/// - Orca 51 and later: `org.gnome.Orca1.Service` at `/org/gnome/Orca1/Service`, interface
///   `org.gnome.Orca1.Service`: `SpeakMessage(s)→b` (speech only), `PresentMessage(s)→b`,
///   `GetVersion()→s`; its modules are child objects, each its own interface:
///   `…/SpeechManager`, `org.gnome.Orca1.SpeechManager.InterruptSpeech(b)→b` (b: tell the user).
/// - Orca 49 and 50: `org.gnome.Orca.Service` at `/org/gnome/Orca/Service`, interface
///   `org.gnome.Orca.Service`: `PresentMessage(s)→b` (speech and Orca's braille),
///   `GetVersion()→s`; modules through `org.gnome.Orca.Module.ExecuteCommand(s,b)→b` on child
///   objects: `InterruptSpeech` is a command of `…/SpeechManager` in Orca 50 and of
///   `…/SpeechAndVerbosityManager` in Orca 49.
/// - Orca 48 and older own no name on the bus.
package struct OrcaService: Sendable, Equatable {
    /// Which of Orca's service interfaces the bus offers.
    package enum Shape: String, Sendable, Equatable, CaseIterable {
        /// Orca 51 and later.
        case orca1 = "org.gnome.Orca1.Service"
        /// Orca 49 and 50.
        case orca = "org.gnome.Orca.Service"
    }

    package var shape: Shape
    /// The session bus's address (DBUS_SESSION_BUS_ADDRESS).
    package var busAddress: String
    /// Orca's version as its service tells it (GetVersion), when asked.
    package var version: String?

    package init(shape: Shape, busAddress: String, version: String? = nil) {
        self.shape = shape
        self.busAddress = busAddress
        self.version = version
    }

    /// The name Orca owns on the bus.
    package var busName: String { shape.rawValue }
    /// The service's object.
    package var objectPath: String { shape == .orca1 ? "/org/gnome/Orca1/Service" : "/org/gnome/Orca/Service" }
    /// The service's interface (the same name as the bus name).
    package var interface: String { shape.rawValue }
    /// The method that speaks a message: SpeakMessage where it exists (speech only), else
    /// PresentMessage.
    package var speakMethod: String { shape == .orca1 ? "SpeakMessage" : "PresentMessage" }

    /// How long detection waits for the bus, and each call of a session for Orca: long enough
    /// for a busy Orca (its answers take 1–3 ms), short enough that a stalled one is noticed
    /// within a second.
    package static let callTimeout: Duration = .milliseconds(400)

    /// What the bus says about Orca: the service found (nil: none owns a name) and the process
    /// that owns it. Asks NameHasOwner once or twice, then the owner's process; with
    /// `askVersion`, Orca's version too (an Orca that stalls costs that call's timeout).
    package static func find(on bus: DBusSession, askVersion: Bool) throws(DBusSession.Failure) -> (OrcaService, processID: Int32?)? {
        for shape in Shape.allCases where try bus.nameHasOwner(shape.rawValue) {
            var service = OrcaService(shape: shape, busAddress: "")
            let processID = try? bus.processID(owning: shape.rawValue)
            if askVersion { service.version = try? OrcaRemote(bus: bus, service: service).version() }
            return (service, processID)
        }
        return nil
    }
}

/// Talks to Orca's service (`OrcaService`) over a private connection to the session bus: speaks
/// a message, interrupts Orca's speech. Every call waits at most `OrcaService.callTimeout`.
/// Used by one thread at a time (the session's speech queue).
package final class OrcaRemote: @unchecked Sendable {
    // @unchecked Sendable: used by one thread at a time (the speech queue), as `DBusSession`.
    package let service: OrcaService
    let bus: DBusSession
    /// Where Orca 49/50 keep InterruptSpeech, still to try in this order (Orca 50's module
    /// first, Orca 49's next; a version that says which goes first). Empty: no interrupt.
    private var interruptModules: [String]

    /// Connects to the bus at `service.busAddress` (waits at most the call timeout). For Orca 49
    /// and 50, asks Orca's version when it is not known: it says where InterruptSpeech is.
    package convenience init(service: OrcaService) throws(DBusSession.Failure) {
        let bus = try DBusSession(address: service.busAddress, timeout: OrcaService.callTimeout)
        var service = service
        if service.shape == .orca, service.version == nil {
            service.version = try? bus.call(service.busName, service.objectPath, service.interface, "GetVersion", answer: String.self)
        }
        self.init(bus: bus, service: service)
    }

    init(bus: DBusSession, service: OrcaService) {
        self.bus = bus
        self.service = service
        interruptModules = service.version.map { $0.hasPrefix("49") } == true
            ? ["SpeechAndVerbosityManager", "SpeechManager"] : ["SpeechManager", "SpeechAndVerbosityManager"]
    }

    /// Whether Orca still owns its name on the bus.
    package func isOnBus() throws(DBusSession.Failure) -> Bool { try bus.nameHasOwner(service.busName) }

    /// Orca's version (GetVersion).
    package func version() throws(DBusSession.Failure) -> String {
        try bus.call(service.busName, service.objectPath, service.interface, "GetVersion", answer: String.self)
    }

    /// Has Orca speak `text` (SpeakMessage, or PresentMessage before Orca 51): Orca's answer
    /// (false: it did not take it).
    package func speak(_ text: String) throws(DBusSession.Failure) -> Bool {
        try bus.call(service.busName, service.objectPath, service.interface, service.speakMethod, .string(text), answer: Bool.self)
    }

    /// Stops what Orca is saying, without Orca saying so: Orca 51's SpeechManager.InterruptSpeech(false),
    /// Orca 49/50's ExecuteCommand("InterruptSpeech", false) on its speech module. False: this
    /// Orca offers no interrupt (then none is tried again). A timeout or a lost bus throws.
    @discardableResult
    package func interrupt() throws(DBusSession.Failure) -> Bool {
        switch service.shape {
        case .orca1:
            return try bus.call(service.busName, service.objectPath + "/SpeechManager", "org.gnome.Orca1.SpeechManager",
                                "InterruptSpeech", .bool(false), answer: Bool.self)
        case .orca:
            while let module = interruptModules.first {
                do throws(DBusSession.Failure) {
                    if try bus.call(service.busName, service.objectPath + "/" + module, "org.gnome.Orca.Module", "ExecuteCommand",
                                    .stringAndBool("InterruptSpeech", false), answer: Bool.self) {
                        interruptModules = [module]
                        return true
                    }
                } catch .error, .unexpectedAnswer {
                    // No such module or command in this version: the next one.
                }
                interruptModules.removeFirst()
            }
            return false
        }
    }

    /// Whether an interrupt is still offered (Orca 51, or a module of Orca 49/50 left to try).
    package var interrupts: Bool { service.shape == .orca1 || !interruptModules.isEmpty }
}
