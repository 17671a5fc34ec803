import AssetCatalog
import AssetCatalogBuilder
import Foundation
import Testing

@Suite("Generated Swift accessors: naming")
struct CodegenNamingTests {
    /// The rows of docs/CODEGEN.md's table: asset name, kind, identifier as written in source.
    static func documentedRows() throws -> [(name: String, kind: String, identifier: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/CODEGEN.md"), encoding: .utf8)
        func unquote(_ cell: Substring) -> String {
            var value = cell.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("`` ") && value.hasSuffix(" ``") { value = String(value.dropFirst(3).dropLast(3)) }
            else if value.hasPrefix("`") && value.hasSuffix("`") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            guard cells.count == 3, line.hasPrefix("| `") else { return nil }
            let values = cells.map(unquote)
            return (values[0], values[1], values[2])
        }
    }

    @Test func everyRowOfTheDocumentedTableHolds() throws {
        let rows = try Self.documentedRows()
        #expect(rows.count >= 20)
        for row in rows {
            let kind = AssetKind(rawValue: row.kind)!
            let identifier = SwiftIdentifier.identifier(for: row.name, role: .member, isColor: kind == .color)
            #expect(SwiftIdentifier.escaped(identifier) == row.identifier, "\(row.name)")
        }
    }

    @Test func collisionsAreNumberedInByteOrderAndReported() {
        let generator = SwiftAccessorGenerator(sourceDescription: "test")
        let result = generator.generate([
            GeneratedAsset(name: "hero-image", kind: .image, variants: []),
            GeneratedAsset(name: "hero image", kind: .image, variants: ["universal 2x"]),
            GeneratedAsset(name: "1st", kind: .image, variants: []),
        ])
        #expect(result.source.contains("static let heroImage = ImageName(\"hero image\")"))
        #expect(result.source.contains("static let heroImage2 = ImageName(\"hero-image\")"))
        #expect(result.diagnostics.contains("'hero-image' and 'hero image' both become 'heroImage'; 'hero-image' is 'heroImage2'"))
        #expect(result.diagnostics.contains { $0.hasPrefix("'1st' becomes '_1st'") })
    }

    @Test func namespacesBecomeNestedTypesAndTheOutputIgnoresInputOrder() {
        let assets = [
            GeneratedAsset(name: "onboarding/hero", kind: .image, variants: ["phone 3x"]),
            GeneratedAsset(name: "onboarding/steps/one", kind: .image, variants: []),
            GeneratedAsset(name: "AccentColor", kind: .color, variants: ["universal", "universal dark"]),
            GeneratedAsset(name: "onboarding", kind: .image, variants: []),
        ]
        let generator = SwiftAccessorGenerator(accessLevel: "public", namespace: "Assets", sourceDescription: "test")
        let forward = generator.generate(assets)
        let backward = generator.generate(assets.reversed())
        #expect(forward.source == backward.source)
        #expect(forward.source.contains("public static var onboarding2: Onboarding { Onboarding() }"))
        #expect(forward.source.contains("public var hero: ImageName { ImageName(\"onboarding/hero\") }"))
        #expect(forward.source.contains("public struct Steps: Sendable {"))
        #expect(forward.source.contains("public static let accent = ColorName(\"AccentColor\")"))
        #expect(forward.source.contains("public enum Assets {"))
        #expect(forward.source.contains("/// - universal dark"))
    }

    @Test func stringLiteralsKeepTheNameExactly() {
        let generator = SwiftAccessorGenerator(sourceDescription: "test")
        let source = generator.generate([GeneratedAsset(name: "quote\"back\\slash", kind: .data, variants: [])]).source
        #expect(source.contains(#"DataName("quote\"back\\slash")"#))
    }
}
