import Foundation
import Testing

/// The completion scripts ArgumentParser writes, run in a real bash: what a user gets on pressing TAB.
@Suite("Shell completions")
struct CompletionTests {
    /// The bash completion script, written to a temporary file.
    static func bashScript() throws -> URL {
        let run = try Assetc.run(["--generate-completion-script", "bash"])
        #expect(run.status == 0, "\(run.output)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-completion-\(UUID().uuidString).bash")
        try Data(run.stdout.utf8).write(to: file)
        return file
    }

    /// What bash offers for the last word of `line` (words separated by single spaces; the first is assetc).
    static func complete(_ line: String, script: URL) throws -> [String] {
        let words = [Assetc.binary.path] + line.split(separator: " ").dropFirst().map(String.init)
        let body = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _assetc assetc "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ExternalTool.run("/usr/bin/env", ["bash", "-c", body, "bash", script.path] + words)
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    @Test func presetsRulesPlatformsAndFallbackDimensionsComplete() throws {
        let script = try Self.bashScript()
        defer { try? FileManager.default.removeItem(at: script) }
        #expect(try Self.complete("assetc resolve x --device iphone-p", script: script) == ["iphone-portrait"])
        #expect(try Self.complete("assetc matrix x --device ipad-s", script: script) == ["ipad-slide-over"])
        #expect(try Self.complete("assetc audit --explain missing-", script: script) == ["missing-file", "missing-scale"])
        #expect(try Self.complete("assetc compile x --platform mac", script: script) == ["macosx"])
        #expect(try Self.complete("assetc resolve x --rules c", script: script) == ["coreui"])
        // A comma-separated list: the typed part is kept, dimensions already listed are not offered again.
        #expect(try Self.complete("assetc resolve x --fallback-order idiom,wi", script: script) == ["idiom,width"])
        #expect(try Self.complete("assetc resolve x --fallback-order width,idiom,", script: script).count == 7)
    }

    @Test func explainPrintsOneRulesDocumentationAndSuggestsOnATypo() throws {
        let explained = try Assetc.run(["audit", "--explain", "missing-scale"])
        #expect(explained.status == 0)
        #expect(explained.stdout.hasPrefix("### missing-scale"))
        #expect(explained.stdout.contains("**Triggers on:**"))
        let typo = try Assetc.run(["audit", "--explain", "missing-scal"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'missing-scale'?"))
    }
}
