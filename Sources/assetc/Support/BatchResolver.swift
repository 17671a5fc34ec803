import AssetCatalog
import Foundation

/// `resolve --batch`: one JSON request per line in, one JSON answer per line out.
struct BatchResolver {
    let catalog: any ResolvableCatalog
    let resolver: Resolver

    /// A request line: `{"name": "Hero", "device": "ipad", "traits": {"scale": 3, "appearance": "dark"}}`.
    struct Request: Decodable {
        var name: String
        var device: String?
        var traits: TraitCollection?
    }

    /// Answers every line; returns how many lines could not be answered (bad JSON, unknown preset or asset).
    func run(file: String) throws -> Int {
        let text: String
        if file == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            try InputPaths.requireExisting([file])
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CLIError("\(file): cannot read the batch file")
            }
            text = String(decoding: data, as: UTF8.self)
        }
        var failures = 0
        let decoder = JSONDecoder()
        for (lineNumber, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if let archive = (catalog as? ArchiveCatalog)?.archive, archive.hasChangedOnDisk() {
                throw CLIError(
                    "the archive changed on disk after \(lineNumber) request line(s); stopped (replace archives by renaming a new file over them)")
            }
            let answer: ResolutionJSON
            do {
                let request = try decoder.decode(Request.self, from: Data(trimmed.utf8))
                answer = try resolve(request)
                // An unknown asset is a line that could not be answered, as documented above.
                if answer.error != nil { failures += 1 }
            } catch let error as CLIError {
                failures += 1
                answer = Self.failure(name: nil, "\(file):\(lineNumber + 1): \(error.description)")
            } catch {
                failures += 1
                answer = Self.failure(name: nil, "\(file):\(lineNumber + 1): not a valid request: \(Self.describe(error))")
            }
            try Console.line(try JSONOutput.string(answer, pretty: false))
        }
        return failures
    }

    private func resolve(_ request: Request) throws -> ResolutionJSON {
        var traits = TraitCollection()
        if let device = request.device {
            guard let preset = DevicePreset.named(device) else {
                let names = DevicePreset.all.map(\.name).joined(separator: ", ")
                throw CLIError("unknown device preset '\(device)'; known presets: \(names)")
            }
            traits = preset.traits
        }
        if let overrides = request.traits { traits = traits.overridden(by: overrides) }
        guard let candidates = catalog.candidates(named: request.name) else {
            var answer = ResolutionJSON(name: request.name, found: false)
            answer.error = AssetNameSuggestion.unknownAsset(request.name, in: "the catalog", names: catalog.assetNames).description
            return answer
        }
        return ResolutionAnswer(name: request.name, candidates: candidates, request: traits, resolver: resolver).json
    }

    private static func failure(name: String?, _ message: String) -> ResolutionJSON {
        var answer = ResolutionJSON(name: name ?? "", found: false)
        answer.error = message
        return answer
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _):
            return "missing '\(key.stringValue)'"
        default:
            return "\(error)"
        }
    }
}
