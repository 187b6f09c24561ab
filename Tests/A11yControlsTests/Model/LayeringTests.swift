import Foundation
import Testing

/// The Model imports nothing but the standard library; Formatting stays off Foundation (start-up cost).
@Suite("Layering of Model and Formatting")
struct LayeringTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/A11yControls")

    static func imports(in folder: String) throws -> [String: [String]] {
        let directory = sources.appendingPathComponent(folder)
        var result: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            result[name] = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init)
        }
        return result
    }

    @Test func modelImportsNothing() throws {
        let imports = try Self.imports(in: "Model")
        #expect(!imports.isEmpty)
        for (file, lines) in imports { #expect(lines.isEmpty, "\(file) imports \(lines)") }
    }

    @Test func formattingDoesNotImportFoundation() throws {
        for (file, lines) in try Self.imports(in: "Formatting") {
            #expect(!lines.contains { $0.contains("Foundation") }, "\(file) imports Foundation")
        }
    }
}
