import Foundation
import Testing

/// The arrows of docs/design.md, checked on the sources: SwiftPM keeps a target from importing what it
/// does not depend on only while that module is not already built, so the imports are read here.
@Suite("Layering of the targets")
struct LayeringTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every module a layer may import. The pure layers import no C, no OS and no Foundation.
    static let allowed: [String: Set<String>] = [
        "A11yModel": [],
        "A11yVocabulary": [],
        "A11yFormatting": ["A11yModel", "A11yVocabulary"],
        "A11yInput": ["A11yModel", "A11yVocabulary"],
        "A11yPresentation": ["A11yFormatting", "A11yModel", "A11yVocabulary"],
        "A11yDevices": ["A11yVocabulary", "CSpeech", "CBrl", "CAlsa", "CLouis", "CSystem", "CDBus", "Glibc", "Musl", "Synchronization", "Dispatch"],
        "A11ySession": ["A11yDevices", "A11yPresentation", "A11yFormatting", "A11yInput", "A11yModel", "A11yVocabulary",
                        "Glibc", "Musl", "Synchronization", "Dispatch"],
        // CA11yControls: the C API's header, the one definition of the version and result codes.
        "A11yOptions": ["A11yControls", "CA11yControls"],
        "DemoCommandLine": ["A11yControls", "A11yOptions"],
        "A11yControlsC": ["A11yControls", "A11yOptions", "CA11yControls", "Glibc", "Synchronization"],
    ]

    static func imports(in folder: String) throws -> [String: Set<String>] {
        let directory = sources.appendingPathComponent(folder)
        var result: [String: Set<String>] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            result[name] = Set(text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
                return String(words[index + 1])
            })
        }
        return result
    }

    @Test(arguments: allowed.keys.sorted())
    func layerImportsOnlyWhatItMay(layer: String) throws {
        let imports = try Self.imports(in: layer)
        #expect(!imports.isEmpty, "no sources in \(layer)")
        for (file, modules) in imports {
            let forbidden = modules.subtracting(Self.allowed[layer]!)
            #expect(forbidden.isEmpty, "\(layer)/\(file) imports \(forbidden.sorted())")
        }
    }

    /// Sources/ holds the product: nothing in it imports the test support, the benchmark or the tools.
    @Test func productImportsNoSupportCode() throws {
        for folder in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path) {
            for (file, modules) in try Self.imports(in: folder) {
                let support = modules.intersection(["A11yTestSupport", "VirtualDisplayClient", "TerminalCheckHelper"])
                #expect(support.isEmpty, "\(folder)/\(file) imports \(support.sorted())")
            }
        }
    }

    @Test func onlyDevicesTouchC() throws {
        for layer in Self.allowed.keys where layer != "A11yDevices" {
            for (file, modules) in try Self.imports(in: layer) {
                #expect(modules.isDisjoint(with: ["CSpeech", "CBrl", "CAlsa", "CLouis", "CSystem", "CDBus"]), "\(layer)/\(file)")
            }
        }
    }
}
