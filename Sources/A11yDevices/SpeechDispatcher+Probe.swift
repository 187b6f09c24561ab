import CSpeech
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import A11yVocabulary

/// What speech-dispatcher says about itself, for `a11y-demo --diagnose`.
package struct SpeechServerFacts: Sendable, Equatable {
    /// The address, as `SPEECHD_ADDRESS` spells it ("unix_socket:/run/user/1000/speech-dispatcher/speechd.sock");
    /// nil when it cannot be known (libspeechd cannot be loaded).
    package var address: String?
    /// Where the address comes from: `SPEECHD_ADDRESS`, or libspeechd's default.
    package var addressSource: AddressSource
    /// Why the server cannot be reached, in its own (or libspeechd's) words; nil: it answered.
    package var problem: String?
    /// The output module that speaks for a client (`GET OUTPUT_MODULE`), when the server named one.
    package var outputModule: String?
    /// The language a client speaks until it sets its own (`GET LANGUAGE`), when the server named one.
    package var language: String?

    /// Where an address comes from.
    package enum AddressSource: Sendable, Equatable {
        /// The environment variable `SPEECHD_ADDRESS`.
        case environment
        /// libspeechd's default (its socket under XDG_RUNTIME_DIR, or ~/.cache).
        case libraryDefault
    }

    package init(address: String?, addressSource: AddressSource, problem: String? = nil, outputModule: String? = nil,
                language: String? = nil) {
        self.address = address
        self.addressSource = addressSource
        self.problem = problem
        self.outputModule = outputModule
        self.language = language
    }

    /// Whether the server answered.
    package var isReachable: Bool { problem == nil }
}

extension SpeechDispatcher {
    /// Connects as a session would (autospawn off: a missing server is reported, never started),
    /// asks for the output module and the language, and closes. The connection waits at most
    /// `timeout` for the server, and each question as long: a server that does not answer is
    /// reported as such. Blocks its caller meanwhile.
    package static func probe(clientName: String = "a11y-controls", timeout: Duration = .seconds(1)) -> SpeechServerFacts {
        let address: SpeechAddress?
        do {
            address = try SpeechAddress.fromEnvironment()
        } catch {
            return SpeechServerFacts(address: Environment.value("SPEECHD_ADDRESS"), addressSource: .environment,
                                     problem: error.message)
        }
        var facts = SpeechServerFacts(address: address?.description ?? defaultAddress()?.description,
                                      addressSource: address == nil ? .libraryDefault : .environment)
        do {
            let speech = try SpeechDispatcher(address: address, clientName: clientName, connectTimeout: timeout,
                                              callTimeout: timeout, calls: .callersThread)
            defer { speech.close() }
            facts.outputModule = speech.outputModule()
            facts.language = speech.language()
        } catch {
            facts.problem = error.message
        }
        return facts
    }

    /// The address libspeechd connects to when it is given none (`spd_get_default_address`:
    /// SPEECHD_ADDRESS, else its default socket); nil when libspeechd cannot say.
    package static func defaultAddress() -> SpeechAddress? {
        var error: UnsafeMutablePointer<CChar>?
        defer { free(error) }
        guard let found = a11y_spd_get_default_address(&error) else { return nil }
        defer { a11y_SPDConnectionAddress__free(found) }
        switch found.pointee.method {
        case SPD_METHOD_UNIX_SOCKET:
            return found.pointee.unix_socket_name.map { .unixSocket(path: String(cString: $0)) }
        case SPD_METHOD_INET_SOCKET:
            return found.pointee.inet_socket_host.map { .inetSocket(host: String(cString: $0), port: Int(found.pointee.inet_socket_port)) }
        default:
            return nil
        }
    }
}
