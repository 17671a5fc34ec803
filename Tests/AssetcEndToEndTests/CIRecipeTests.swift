import Foundation
import Testing
import Yams

/// docs/CI.md's recipes stay true: their YAML parses, every assetc command and flag they use exists, and the
/// GitLab conversion turns a real audit into a Code Quality report.
@Suite("CI recipes in docs/CI.md")
struct CIRecipeTests {
    /// The fenced blocks of docs/CI.md in `language`.
    static func blocks(_ language: String) throws -> [String] {
        let text = try String(contentsOf: Assetc.repositoryRoot.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Every `assetc SUBCOMMAND … --flag` in `text`: the subcommand and its long flags.
    static func invocations(in text: String) -> [(subcommand: String, flags: [String])] {
        let joined = text.replacingOccurrences(of: "\\\n", with: " ")
        var found: [(String, [String])] = []
        for line in joined.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            for (position, word) in words.enumerated() where word.hasSuffix("assetc") && !word.contains("/assetc/") && position + 1 < words.count {
                let subcommand = words[position + 1]
                guard subcommand.first?.isLetter == true else { continue }
                var flags: [String] = []
                for next in words[(position + 2)...] {
                    if ["|", "||", "&&", ";", ">"].contains(next) { break }
                    if next.hasPrefix("--") { flags.append(String(next.prefix { $0 != "=" })) }
                }
                found.append((subcommand, flags))
            }
        }
        return found
    }

    /// A YAML node as text, every string in it joined (the run/script commands, wherever they sit).
    static func strings(in node: Node) -> [String] {
        switch node {
        case .scalar(let scalar): return [scalar.string]
        case .sequence(let sequence): return sequence.flatMap(strings(in:))
        case .mapping(let mapping): return mapping.flatMap { strings(in: $0.key) + strings(in: $0.value) }
        case .alias: return []
        }
    }

    @Test func theRecipesParseAndUseOnlyRealCommandsAndFlags() throws {
        let yamlRecipes = try Self.blocks("yaml")
        let shellRecipes = try Self.blocks("sh")
        #expect(yamlRecipes.count == 2)
        #expect(shellRecipes.count == 1)
        var commands: [(subcommand: String, flags: [String])] = []
        for recipe in yamlRecipes {
            let node = try #require(try Yams.compose(yaml: recipe))
            let text = Self.strings(in: node).joined(separator: "\n")
            commands += Self.invocations(in: text)
        }
        commands += Self.invocations(in: shellRecipes[0])
        #expect(Set(commands.map(\.subcommand)).isSuperset(of: ["audit", "pack", "compile", "verify"]))
        var helps: [String: String] = [:]
        for command in commands {
            if helps[command.subcommand] == nil {
                let help = try Assetc.run([command.subcommand, "--help"])
                #expect(help.status == 0, "assetc \(command.subcommand) exists")
                helps[command.subcommand] = help.stdout
            }
            for flag in command.flags {
                #expect(helps[command.subcommand]!.contains(flag), "assetc \(command.subcommand) has \(flag)")
            }
        }
    }

    @Test func theGitLabConversionGivesACodeQualityReport() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") else {
            print("skipped: jq is not installed")
            return
        }
        let recipe = try #require(try Self.blocks("yaml").first { $0.contains("codequality") })
        let node = try #require(try Yams.compose(yaml: recipe))
        let script = try #require(Self.strings(in: node).first { $0.hasPrefix("jq ") })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audit = try Assetc.run(
            ["audit", "SampleCatalogs/Broken.xcassets", "--format", "json", "--output", folder.appendingPathComponent("assetc.json").path],
            in: Assetc.repositoryRoot)
        #expect(audit.status == 1, "the broken sample has errors")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script]
        shell.currentDirectoryURL = folder
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("gl-code-quality.json")))
        let issues = try #require(report as? [[String: Any]])
        #expect(!issues.isEmpty)
        for issue in issues {
            #expect(issue["description"] is String && issue["check_name"] is String && issue["fingerprint"] is String)
            #expect(["critical", "major", "info"].contains(issue["severity"] as? String ?? ""))
            let location = issue["location"] as? [String: Any]
            #expect((location?["path"] as? String)?.hasPrefix("SampleCatalogs/Broken.xcassets/") == true)
        }
    }
}
