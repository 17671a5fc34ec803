import Yams

/// Reads `.assetc.yml` with Yams (libyaml): any YAML 1.1 document — block and flow style, anchors and
/// aliases, comments anywhere, multi-line strings — into a ``ConfigNode`` tree with the line of every value.
///
/// Values stay text (`off`, `8`, `20%`): what they mean depends on the key, which the interpreter knows.
/// Hostile files are bounded: the text is limited by the caller's size check, and the tree, with every
/// alias expanded, by ``maximumNodes`` (a "billion laughs" document of nested aliases is refused, not walked).
enum YAMLConfigReader {
    /// The most values a configuration may hold once its aliases are expanded.
    static let maximumNodes = 100_000

    /// Parses a whole document; an empty document is an empty map.
    static func parse(_ text: String, file: String) throws(AuditConfigurationError) -> ConfigNode {
        // YAML forbids tabs in indentation; libyaml's message for them is cryptic, so say it plainly.
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indentation = line.prefix { $0 == " " || $0 == "\t" }
            if indentation.contains("\t"), line.count > indentation.count, line.dropFirst(indentation.count).first != "#" {
                throw AuditConfigurationError(file: file, line: number + 1, message: "tabs are not allowed for indentation; use spaces")
            }
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.describe(error, file: file, text: text)
        } catch {
            throw AuditConfigurationError(file: file, line: 0, message: "cannot be read as YAML: \(error)")
        }
        guard let root else { return ConfigNode(value: .map([]), line: 1) }
        var budget = maximumNodes
        return try convert(root, file: file, budget: &budget)
    }

    private static func convert(_ node: Node, file: String, budget: inout Int) throws(AuditConfigurationError) -> ConfigNode {
        budget -= 1
        let line = node.mark?.line ?? 0
        guard budget >= 0 else {
            throw AuditConfigurationError(
                file: file, line: line,
                message: "holds more than \(maximumNodes) values once its aliases are expanded; a configuration never needs that many")
        }
        switch node {
        case .scalar(let scalar):
            return ConfigNode(value: .scalar(scalar.string), line: line)
        case .sequence(let sequence):
            var elements: [ConfigNode] = []
            for element in sequence { elements.append(try convert(element, file: file, budget: &budget)) }
            return ConfigNode(value: .list(elements), line: line)
        case .mapping(let mapping):
            var members: [ConfigMember] = []
            for (key, value) in mapping {
                guard case .scalar(let keyText) = key else {
                    throw AuditConfigurationError(file: file, line: key.mark?.line ?? line, message: "a key must be text, not a list or a map")
                }
                let keyLine = key.mark?.line ?? line
                members.append(ConfigMember(key: keyText.string, value: try convert(value, file: file, budget: &budget), line: keyLine))
            }
            return ConfigNode(value: .map(members), line: line)
        case .alias(let alias):
            // compose() expands aliases; one left over names an anchor that was never defined.
            throw AuditConfigurationError(file: file, line: alias.mark?.line ?? line, message: "the alias '*\(alias.anchor)' names no anchor")
        }
    }

    /// libyaml's verdict as an error naming the file, line and column (never quoting the file's text).
    private static func describe(_ error: YamlError, file: String, text: String) -> AuditConfigurationError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // Something left open (a quote, a bracket) is reported at the end of the file; where it starts
            // is what the user needs.
            if let context, problem.contains("end of stream") {
                let what = context.text.replacingOccurrences(of: "while scanning ", with: "").replacingOccurrences(of: "while parsing ", with: "")
                return AuditConfigurationError(
                    file: file, line: context.mark.line, message: "\(what) that starts at column \(context.mark.column) is not closed")
            }
            // libyaml notices some mistakes a line late ("could not find expected ':'" on the line after a
            // line without a colon); the construct it was reading starts where the mistake is.
            if let context, context.mark.line < mark.line {
                return AuditConfigurationError(
                    file: file, line: context.mark.line,
                    message: "invalid YAML at column \(context.mark.column): \(problem) (\(context.text))")
            }
            return AuditConfigurationError(file: file, line: mark.line, message: "invalid YAML at column \(mark.column): \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { MessageQuote.quoted($0) }.joined(separator: ", ")
            let line = duplicates.first.flatMap { secondKeyLine($0, in: text, from: context.mark.line) } ?? context.mark.line
            return AuditConfigurationError(file: file, line: line, message: "\(names) appears twice in one map")
        case .reader(let problem, _, _, _):
            return AuditConfigurationError(file: file, line: 0, message: "cannot be read as YAML: \(problem)")
        default:
            return AuditConfigurationError(file: file, line: 0, message: "cannot be read as YAML")
        }
    }

    /// The line of the second block-style `key:` at or after line `from` (1-based), for duplicate keys,
    /// which libyaml reports at the start of their map.
    private static func secondKeyLine(_ key: String, in text: String, from: Int) -> Int? {
        var seen = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where number + 1 >= from {
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            if ["\(key):", "'\(key)':", "\"\(key)\":"].contains(where: { trimmed.hasPrefix($0) }) {
                seen += 1
                if seen == 2 { return number + 1 }
            }
        }
        return nil
    }
}
