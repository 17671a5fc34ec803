/// "did you mean" for asset names: the same name in other case (`hero` → `Hero`), the name inside a
/// namespace (`Beak` → `Bird 1/Beak`), or a close spelling (at most two edits).
enum AssetNameSuggestion {
    /// The message for an unknown asset name, with suggestions when there are any.
    static func unknownAsset(_ name: String, in catalog: String, names: [String]) -> CLIError {
        var message = "no asset named '\(MessageText.quote(name))' in \(MessageText.quote(catalog))"
        let found = suggestions(for: name, among: names)
        if !found.isEmpty {
            message += "; did you mean " + found.map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        return CLIError(message)
    }

    /// Up to three names close to `name`, best first.
    static func suggestions(for name: String, among names: [String]) -> [String] {
        let wanted = name.lowercased()
        // Names are compared whole, then by their last namespace component.
        var ranked: [(rank: Int, name: String)] = []
        for candidate in names {
            let lowered = candidate.lowercased()
            let leaf = lowered.split(separator: "/").last.map(String.init) ?? lowered
            if lowered == wanted {
                ranked.append((0, candidate))
            } else if leaf == wanted || lowered.hasSuffix("/" + wanted) {
                ranked.append((1, candidate))
            } else if wanted.utf8.count < 64, let distance = editDistance(wanted, lowered, limit: 2) ?? editDistance(wanted, leaf, limit: 2) {
                ranked.append((1 + distance, candidate))
            }
        }
        return ranked.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.name < $1.name }.prefix(3).map(\.name)
    }

    /// Levenshtein distance when it is at most `limit`, else nil (skips pairs whose lengths differ more).
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int? {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        guard abs(x.count - y.count) <= limit, y.count < 256 else { return nil }
        var previous = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var current = [i] + Array(repeating: 0, count: y.count)
            for j in 1..<(y.count + 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        let distance = x.isEmpty ? y.count : previous[y.count]
        return distance <= limit ? distance : nil
    }
}
