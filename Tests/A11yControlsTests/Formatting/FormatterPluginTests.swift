import Foundation
import Testing
@testable import A11yControls
@testable import A11yDevices
@testable import A11yFormatting
@testable import A11yInput
@testable import A11yModel
@testable import A11yPresentation
@testable import A11ySession
@testable import A11yVocabulary
@testable import A11yOptions

/// Builds plugins with the system C compiler into a temporary directory, loads them and uses them.
@Suite("Formatter plugins through the C ABI", .serialized)
struct FormatterPluginTests {
    /// The repository root, from this file's path (Tests/A11yControlsTests/Formatting/…).
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Where built plugins go: one directory per test process, one subdirectory per build.
    static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-plugin-tests-\(getpid())")
    static let includeDirectory = repoRoot.appendingPathComponent("include").path

    /// Compiles C `source` (or the file at `sourcePath`) into a shared library and returns its path.
    static func build(name: String, source: String? = nil, sourcePath: String? = nil) throws -> String {
        let directory = scratch.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var input = sourcePath ?? ""
        if let source {
            input = directory.appendingPathComponent("\(name).c").path
            try source.write(toFile: input, atomically: true, encoding: .utf8)
        }
        let output = directory.appendingPathComponent("lib\(name).so").path
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cc.arguments = ["cc", "-shared", "-fPIC", "-O1", "-I", includeDirectory, "-o", output, input, "-lm"]
        let errors = Pipe()
        cc.standardError = errors
        try cc.run()
        cc.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard cc.terminationStatus == 0 else {
            throw CompileError(message: "cc failed for \(name): \(message)")
        }
        return output
    }

    /// Removes the directory a `build` made, and the scratch directory once it is empty
    /// (the library may stay loaded: Linux allows it).
    static func remove(_ libraryPath: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: libraryPath).deletingLastPathComponent())
        if (try? FileManager.default.contentsOfDirectory(atPath: scratch.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: scratch)
        }
    }

    struct CompileError: Error, CustomStringConvertible { var message: String; var description: String { message } }

    let context = FormatContext(fractionDigits: 0, minimum: 0, maximum: 127, locale: .posix)

    @Test func theExamplePluginBuildsLoadsAndFormatsNotes() throws {
        let path = try Self.build(name: "notes", sourcePath: Self.repoRoot.appendingPathComponent("examples/formatter-plugin/plugin.c").path)
        defer { Self.remove(path) }
        let plugin = try PluginFormatter.load(path: path)
        #expect(plugin.name == "musical notes")
        #expect(plugin.fractionDigits == 0)
        let f = try FormatterSpec.parse("plugin:\(path)").makeFormatter()
        #expect(f.fractionDigits == 0)
        #expect(f.format(60, in: context) == FormattedValue(visual: "C4", spoken: "C 4", braille: "C4"))
        #expect(f.format(61, in: context) == FormattedValue(visual: "C♯4", spoken: "C sharp 4", braille: "C#4"))
        #expect(f.format(69, in: context) == FormattedValue(visual: "A4", spoken: "A 4", braille: "A4"))
        #expect(f.format(0, in: context).spoken == "C minus 1")
        // Off the MIDI range the plugin declines and the host's decimal text is used.
        #expect(f.format(200, in: context) == FormattedValue(visual: "200", spoken: "200", braille: "200"))
    }

    @Test func aMissingFileIsReportedByName() {
        #expect { try PluginFormatter.load(path: "/nonexistent/libnothing.so") } throws: { error in
            (error as? FormatterPluginError) == FormatterPluginError(path: "/nonexistent/libnothing.so", reason: .missing)
                && "\(error)" == "Formatter plugin '/nonexistent/libnothing.so' not found"
        }
        #expect(throws: FormatterPluginError.self) { try FormatterSpec.plugin(path: "/nonexistent/x.so").makeFormatter() }
    }

    @Test func aFileThatIsNotALibraryCannotBeOpened() throws {
        try FileManager.default.createDirectory(at: Self.scratch, withIntermediateDirectories: true)
        let path = Self.scratch.appendingPathComponent("not-a-library.so").path
        try "hello".write(toFile: path, atomically: true, encoding: .utf8)
        defer { Self.remove(path) }
        #expect { try PluginFormatter.load(path: path) } throws: { error in
            guard case .cannotOpen(let message)? = (error as? FormatterPluginError)?.reason else { return false }
            return !message.isEmpty && !"\(error)".contains("\n")
        }
    }

    @Test func aLibraryWithoutTheEntryPointIsNotAPlugin() throws {
        let path = try Self.build(name: "other", source: "int something_else(void) { return 1; }\n")
        defer { Self.remove(path) }
        #expect { try PluginFormatter.load(path: path) } throws: { error in
            (error as? FormatterPluginError)?.reason == .notAPlugin
        }
    }

    @Test func aWrongABIVersionIsRefused() throws {
        let path = try Self.build(name: "future", source: """
            #include "a11y_formatter_plugin.h"
            static int32_t f(double v, int32_t k, const a11y_format_context *c, char *b, size_t n) { return -1; }
            static const a11y_formatter_plugin t = { 2, -1, "future", f };
            const a11y_formatter_plugin *a11y_formatter_plugin_v1(void) { return &t; }
            """)
        defer { Self.remove(path) }
        #expect { try PluginFormatter.load(path: path) } throws: { error in
            (error as? FormatterPluginError)?.reason == .wrongABIVersion(found: 2, expected: 1)
                && "\(error)".hasSuffix("has ABI version 2; this program needs version 1")
        }
    }

    @Test func aNullTableIsRefused() throws {
        let path = try Self.build(name: "nulltable", source: """
            #include "a11y_formatter_plugin.h"
            const a11y_formatter_plugin *a11y_formatter_plugin_v1(void) { return 0; }
            """)
        defer { Self.remove(path) }
        #expect { try PluginFormatter.load(path: path) } throws: { error in
            (error as? FormatterPluginError)?.reason == .invalidTable
        }
    }

    @Test func aHostilePluginCannotCorruptTheTerminalSpeechOrBraille() throws {
        // Visual: escape sequences and a newline; spoken: invalid UTF-8 and a lone "." line;
        // braille: lies about its length. Value 1: claims a 1 MB text; value 2: error.
        let path = try Self.build(name: "hostile", source: #"""
            #include "a11y_formatter_plugin.h"
            #include <string.h>
            static int32_t f(double v, int32_t kind, const a11y_format_context *c, char *b, size_t n) {
                if (v == 1) return 1 << 20;
                if (v == 2) return A11Y_FORMAT_ERROR;
                const char *text;
                switch (kind) {
                case A11Y_TEXT_VISUAL: text = "\033[2J\033]0;pwned\007evil\nline\033[31m"; break;
                case A11Y_TEXT_SPOKEN: text = "\n.\n\xff\xfe spoken"; break;
                default: memcpy(b, "ok\0\033[5m", 8); return 7;
                }
                size_t len = strlen(text);
                if (len >= n) return (int32_t)len;
                memcpy(b, text, len + 1);
                return (int32_t)len;
            }
            static const a11y_formatter_plugin t = { A11Y_FORMATTER_ABI_VERSION, 42, "\033[31mhostile\n", f };
            const a11y_formatter_plugin *a11y_formatter_plugin_v1(void) { return &t; }
            """#)
        defer { Self.remove(path) }
        let plugin = try PluginFormatter.load(path: path)
        #expect(plugin.name == "hostile")
        #expect(plugin.fractionDigits == nil)   // 42 is not a sensible number of digits
        let f = PluginFormatter.loadFormatter
        let formatter = try f(path)
        let texts = formatter.format(7, in: context)
        #expect(texts.visual == "evil line")
        #expect(texts.spoken.hasSuffix("spoken") && texts.spoken.contains("\u{FFFD}") && !texts.spoken.contains("\n"))
        #expect(texts.braille == "ok")
        for text in [texts.visual, texts.spoken, texts.braille] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        #expect(formatter.format(1, in: context) == FormattedValue(visual: "1", spoken: "1", braille: "1"))
        #expect(formatter.format(2, in: context) == FormattedValue(visual: "2", spoken: "2", braille: "2"))
    }
}
