import A11yControls
import Foundation

/// 3: the message catalogs. Reading one is part of a start in another language than English
/// (a11y-demo reads it once, before the first frame): the file, its parse, every phrase cut into
/// its template. On each key the words are then one array element away, as they were when the
/// phrases were compiled in: the key figures in German are measured against English, in turn,
/// with keys whose words come from the catalog (Tab: the focus phrase with the handle's name and
/// role) and keys that say a number (Right/Left).
struct CatalogResult {
    /// `MessageCatalogs.read` of the German catalog, microseconds.
    var read: Stats
    /// The catalog's size in bytes.
    var bytes: Int
    /// Keys in English and in German, in turn: Tab, and Right/Left.
    var englishTab: Stats, germanTab: Stats
    var englishMove: Stats, germanMove: Stats
}

/// The compiled German catalog: A11Y_LOCALEDIR's, else .build/locale's (`make locale`); nil
/// when neither has one.
func germanCatalogPath() -> String? {
    let directory = ProcessInfo.processInfo.environment["A11Y_LOCALEDIR"].flatMap { $0.isEmpty ? nil : $0 }
        ?? FileManager.default.currentDirectoryPath + "/.build/locale"
    let path = directory + "/de/LC_MESSAGES/\(MessageCatalogs.domain).mo"
    return FileManager.default.fileExists(atPath: path) ? path : nil
}

func measureCatalogs(keys: Int) throws -> CatalogResult? {
    guard let path = germanCatalogPath() else { return nil }
    let clock = ContinuousClock()
    var reads: [Double] = []
    var german = Messages.english
    for _ in 0..<300 {
        let start = clock.now
        let (messages, problem) = MessageCatalogs.read(path, language: "de")
        reads.append((clock.now - start).us)
        precondition(problem == nil)
        german = messages
    }
    func engine(_ messages: Messages) throws -> ControlEngine {
        var engine = ControlEngine(panels: [try ControlPanel(slider: try RangeSlider(), label: "Price")],
                                   announcer: Announcer(messages: messages), locale: .posix, holdDetection: .none)
        engine.setBrailleWidth(40)
        _ = engine.start()
        return engine
    }
    var engines = [try engine(.english), try engine(german)]
    var samples: [[Double]] = [[], [], [], []]
    var checksum = 0
    for index in 0..<(2000 + keys) {
        for (slot, bytes) in [(0, [UInt8(9)]), (2, index % 2 == 0 ? Keys.right : Keys.left)] {
            for language in engines.indices {
                let start = clock.now
                checksum &+= checksumOf(engines[language].send(.bytes(bytes), at: .milliseconds(200 * (2 * index + slot / 2 + 1))))
                if index >= 2000 { samples[slot + language].append((clock.now - start).us) }
            }
        }
    }
    precondition(checksum != 0)
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    return CatalogResult(read: Stats(reads), bytes: size, englishTab: Stats(samples[0]), germanTab: Stats(samples[1]),
                         englishMove: Stats(samples[2]), germanMove: Stats(samples[3]))
}

/// The catalog figures in words (`a11y-bench --in-process`).
func catalogReport(_ result: CatalogResult?) -> String {
    guard let result else { return "catalogs: not compiled (make locale), not measured" }
    return "catalog read (de, \(result.bytes) bytes): median \(number(result.read.median)) µs, p99 \(number(result.read.p99)) µs\n"
        + "in-process Tab (focus words), en / de: median \(number(result.englishTab.median)) / \(number(result.germanTab.median)) µs, "
        + "p99 \(number(result.englishTab.p99)) / \(number(result.germanTab.p99)) µs\n"
        + "in-process Right/Left, en / de: median \(number(result.englishMove.median)) / \(number(result.germanMove.median)) µs, "
        + "p99 \(number(result.englishMove.p99)) / \(number(result.germanMove.p99)) µs"
}
