import AssetCatalog

/// What `.assetc.yml` (or `.assetc.json`) says: which rules run at which severity, their options, which
/// paths to ignore, which idioms universal artwork is meant for, and the fallback order.
///
/// The schema is documented in `docs/AUDITS.md`. Every key is checked: an unknown rule, option or
/// value is an error naming the file and line, so a typo never silently disables a check.
public struct AuditConfiguration: Hashable, Sendable {
    /// Whether a rule runs, and at what severity.
    public enum RuleSetting: Hashable, Sendable {
        /// The rule does not run.
        case off
        /// The rule runs at its default severity.
        case on
        /// The rule runs and its findings get this severity.
        case severity(Diagnostic.Severity)
    }

    /// Per rule identifier, its setting; rules not listed run at their default severity.
    public var ruleSettings: [String: RuleSetting] = [:]
    /// Per rule identifier, option name → value as written (validated when parsed).
    public var ruleOptions: [String: [String: String]] = [:]
    /// Glob patterns (`*`, `**`, `?`) of paths relative to the catalog root; findings at a matching path,
    /// or inside a matching folder, are dropped.
    public var ignoredPaths: [String] = []
    /// The idioms the catalog's app runs on, or `nil` to infer them from the catalog (see ``TargetIdioms``).
    public var idioms: [Idiom]?
    /// The resolver's fallback order, used for `unreachable-variant`, `upscaled-on-device` and the report.
    public var fallbackOrder: FallbackOrder = .default
    /// Where the configuration came from, for messages; `nil` for the built-in defaults.
    public var source: String?
    /// The build targets this catalog belongs to (`targets: [App, Widget]` in the catalog's own file);
    /// catalogs that share a target are built together (see ``CatalogMembership``).
    public var catalogTargets: [String] = []
    /// Per build target, glob patterns of catalog roots (as given on the command line) built into it
    /// (a block map under `targets:`, for a `--config` shared by all).
    public var targetCatalogs: [String: [String]] = [:]

    /// The defaults: every rule on at its default severity, nothing ignored.
    public init() {}

    /// Whether the rule runs.
    public func isEnabled(_ rule: String) -> Bool {
        ruleSettings[rule] != .off
    }

    /// The severity the rule's findings get, or `nil` to keep the one the rule gave.
    public func severityOverride(_ rule: String) -> Diagnostic.Severity? {
        if case .severity(let severity)? = ruleSettings[rule] { return severity }
        return nil
    }

    /// Whether a path relative to the catalog root, or one of its parent folders, matches an ignore pattern.
    public func isIgnored(_ path: String) -> Bool {
        guard !ignoredPaths.isEmpty, !path.isEmpty else { return false }
        var candidate = Substring(path)
        while true {
            if ignoredPaths.contains(where: { Glob.matches($0, String(candidate)) }) { return true }
            guard let slash = candidate.lastIndex(of: "/") else { return false }
            candidate = candidate[..<slash]
        }
    }

    // MARK: Options

    /// The raw value of a rule's option: the configured one or the rule's default.
    public func rawOption(_ name: String, of rule: any AuditRule.Type) -> String {
        if let value = ruleOptions[rule.identifier]?[name] { return value }
        return rule.options.first { $0.name == name }?.defaultValue ?? ""
    }

    /// A numeric option (``AuditRuleOption/Kind/positiveNumber`` or ``AuditRuleOption/Kind/fraction``).
    public func number(_ name: String, of rule: any AuditRule.Type) -> Double {
        Self.parseNumber(rawOption(name, of: rule)) ?? 0
    }

    /// A ``AuditRuleOption/Kind/scalesByIdiom`` option: the configured scales per idiom key (`phone`, …,
    /// `universal`) merged over the defaults.
    public func scalesByIdiom(_ name: String, of rule: any AuditRule.Type) -> [String: [Int]] {
        let defaults = rule.options.first { $0.name == name }?.defaultValue ?? ""
        var result = Self.parseScaleMap(defaults) ?? [:]
        if let configured = ruleOptions[rule.identifier]?[name], let map = Self.parseScaleMap(configured) {
            result.merge(map) { _, new in new }
        }
        return result
    }

    /// Parses `12`, `0.1` or `10%`.
    static func parseNumber(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        if trimmed.hasSuffix("%"), let percent = Double(trimmed.dropLast()) { return percent / 100 }
        return Double(trimmed)
    }

    /// The stored form of a scale map: `phone=2,3;pad=1,2`.
    static func parseScaleMap(_ text: String) -> [String: [Int]]? {
        var result: [String: [Int]] = [:]
        for part in text.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2 else { return nil }
            let scales = pieces[1].split(separator: ",").compactMap { Int($0) }
            result[String(pieces[0])] = scales
        }
        return result
    }

    static func formatScaleMap(_ map: [String: [Int]]) -> String {
        map.keys.sorted().map { key in key + "=" + map[key]!.map(String.init).joined(separator: ",") }.joined(separator: ";")
    }

    /// The idiom keys a scale map accepts.
    static let scaleMapKeys = Idiom.allCases.map(\.token) + ["universal"]
}

// MARK: - Parsing

extension AuditConfiguration {
    /// Reads `.assetc.yml`, `.assetc.yaml` or `.assetc.json` (decided by the extension; YAML otherwise).
    ///
    /// `insideRoot` is the catalog root for a file found there (``file(atCatalogRoot:)``): the repository
    /// wrote it, so a symbolic link leading out of that root is refused, never read (it could point at a
    /// secret that parse errors would then quote). A file the user names with `--config` is read as given.
    public static func load(path: String, insideRoot: String? = nil) throws(AuditConfigurationError) -> AuditConfiguration {
        var readPath = path
        if let root = insideRoot, FileSystem.linkStatus(path)?.kind == .symbolicLink {
            guard let real = FileSystem.realPath(path), let rootReal = FileSystem.realPath(root),
                FileSystem.isInside(real, root: rootReal)
            else {
                throw AuditConfigurationError(
                    file: path, line: 0, message: "is a symbolic link that leads outside the catalog root; it is not read")
            }
            readPath = real
        }
        let bytes: [UInt8]
        switch FileSystem.read(readPath, limit: 1 << 20) {
        case .success(let result):
            guard result.bytes.count >= result.size else {
                throw AuditConfigurationError(file: path, line: 0, message: "is larger than 1 MB")
            }
            bytes = result.bytes
        case .failure(let failure):
            throw AuditConfigurationError(file: path, line: 0, message: "cannot be read: \(failure)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw AuditConfigurationError(file: path, line: 0, message: "is not UTF-8 text")
        }
        if path.lowercased().hasSuffix(".json") {
            return try parse(json: text, source: path)
        }
        return try parse(yaml: text, source: path)
    }

    /// The configuration file at a catalog root, if any: `.assetc.yml`, `.assetc.yaml`, then `.assetc.json`.
    public static func file(atCatalogRoot root: String) -> String? {
        let base = root.hasSuffix("/") ? root : root + "/"
        for name in [".assetc.yml", ".assetc.yaml", ".assetc.json"] {
            if FileSystem.status(base + name)?.kind == .file { return base + name }
        }
        return nil
    }

    /// Parses YAML text (any YAML 1.1 document, read with Yams; the keys are documented in `docs/AUDITS.md`).
    public static func parse(yaml text: String, source: String = ".assetc.yml") throws(AuditConfigurationError)
        -> AuditConfiguration
    {
        try interpret(YAMLConfigReader.parse(text, file: source), source: source)
    }

    /// Parses JSON text with the same structure as the YAML form.
    public static func parse(json text: String, source: String = ".assetc.json") throws(AuditConfigurationError)
        -> AuditConfiguration
    {
        switch JSONParser.parse(Array(text.utf8)) {
        case .success(let value):
            return try interpret(ConfigNode(json: value), source: source)
        case .failure(let error):
            throw AuditConfigurationError(file: source, line: error.line, message: error.description)
        }
    }

    /// The top-level keys.
    static let topLevelKeys = ["rules", "ignore", "idioms", "fallback-order", "targets"]

    static func interpret(_ root: ConfigNode, source: String) throws(AuditConfigurationError) -> AuditConfiguration {
        func fail(_ line: Int, _ message: String) -> AuditConfigurationError {
            AuditConfigurationError(file: source, line: line, message: message)
        }
        var configuration = AuditConfiguration()
        configuration.source = source
        guard case .map(let members) = root.value else {
            if root.scalar == "" { return configuration }
            throw fail(root.line, "the top level must be a map with keys \(topLevelKeys.joined(separator: ", "))")
        }
        for member in members {
            switch member.key {
            case "rules":
                try interpretRules(member.value, into: &configuration, fail: fail)
            case "ignore":
                configuration.ignoredPaths = try stringList(member.value, key: "ignore", fail: fail)
                for pattern in configuration.ignoredPaths where pattern.isEmpty {
                    throw fail(member.line, "an ignore pattern is empty")
                }
            case "idioms":
                var idioms: [Idiom] = []
                for text in try stringList(member.value, key: "idioms", fail: fail) {
                    guard let idiom = Idiom(parsing: text) else {
                        throw fail(
                            member.line,
                            "unknown idiom \(MessageQuote.quoted(text)) in 'idioms'; accepted: \(Idiom.acceptedTokens.joined(separator: ", "))")
                    }
                    if !idioms.contains(idiom) { idioms.append(idiom) }
                }
                configuration.idioms = idioms
            case "fallback-order":
                let text: String
                switch member.value.value {
                case .scalar(let scalar): text = scalar
                case .list(let items): text = items.compactMap(\.scalar).joined(separator: ",")
                case .map: throw fail(member.line, "'fallback-order' must be a list of trait names or a comma-separated text")
                }
                do throws(FallbackOrder.ParseError) {
                    configuration.fallbackOrder = try FallbackOrder(parsing: text)
                } catch {
                    throw fail(member.line, error.message)
                }
            case "targets":
                try interpretTargets(member.value, into: &configuration, fail: fail)
            default:
                throw fail(member.line, "unknown key \(MessageQuote.quoted(member.key)); accepted: \(topLevelKeys.joined(separator: ", "))")
            }
        }
        return configuration
    }

    /// `targets: [App, Widget]` (this catalog's targets) or `targets: { App: [glob, …], … }` (catalogs per target).
    private static func interpretTargets(
        _ node: ConfigNode, into configuration: inout AuditConfiguration, fail: (Int, String) -> AuditConfigurationError
    ) throws(AuditConfigurationError) {
        switch node.value {
        case .scalar, .list:
            let names = try stringList(node, key: "targets", fail: fail)
            for name in names where name.isEmpty { throw fail(node.line, "a target name in 'targets' is empty") }
            configuration.catalogTargets = names
        case .map(let members):
            for member in members {
                guard !member.key.isEmpty else { throw fail(member.line, "a target name in 'targets' is empty") }
                let patterns = try stringList(member.value, key: "targets: \(member.key)", fail: fail)
                for pattern in patterns where pattern.isEmpty {
                    throw fail(member.line, "a catalog pattern of target \(MessageQuote.quoted(member.key)) is empty")
                }
                configuration.targetCatalogs[member.key, default: []] += patterns
            }
        }
    }

    private static func stringList(
        _ node: ConfigNode, key: String, fail: (Int, String) -> AuditConfigurationError
    ) throws(AuditConfigurationError) -> [String] {
        switch node.value {
        case .scalar(let text): return text.isEmpty ? [] : [text]
        case .list(let items):
            var result: [String] = []
            for item in items {
                guard let text = item.scalar else { throw fail(item.line, "\(MessageQuote.quoted(key)) must be a list of texts") }
                result.append(text)
            }
            return result
        case .map: throw fail(node.line, "\(MessageQuote.quoted(key)) must be a list, not a map")
        }
    }

    private static func interpretRules(
        _ node: ConfigNode, into configuration: inout AuditConfiguration, fail: (Int, String) -> AuditConfigurationError
    ) throws(AuditConfigurationError) {
        guard case .map(let members) = node.value else {
            if node.scalar == "" { return }
            throw fail(node.line, "'rules' must be a map of rule identifiers")
        }
        for member in members {
            guard let rule = AuditRules.rule(identifier: member.key) else {
                let suggestion = AuditRules.closest(to: member.key).map { "; did you mean '\($0)'?" } ?? ""
                throw fail(member.line, "unknown rule \(MessageQuote.quoted(member.key))\(suggestion) ('assetc audit --list-rules' lists them)")
            }
            switch member.value.value {
            case .scalar(let text):
                configuration.ruleSettings[rule.identifier] = try setting(text, line: member.line, fail: fail)
            case .list:
                throw fail(member.line, "\(MessageQuote.quoted(member.key)) must be a severity (off, note, warning, error) or a map")
            case .map(let settings):
                for setting in settings {
                    if setting.key == "severity" || setting.key == "enabled" {
                        guard let text = setting.value.scalar else {
                            throw fail(setting.line, "\(MessageQuote.quoted(setting.key)) of \(MessageQuote.quoted(member.key)) must be a single value")
                        }
                        configuration.ruleSettings[rule.identifier] = try Self.setting(text, line: setting.line, fail: fail)
                        continue
                    }
                    guard let option = rule.options.first(where: { $0.name == setting.key }) else {
                        let accepted = (["severity"] + rule.options.map(\.name)).joined(separator: ", ")
                        throw fail(setting.line, "unknown option \(MessageQuote.quoted(setting.key)) for \(MessageQuote.quoted(member.key)); accepted: \(accepted)")
                    }
                    let stored = try optionValue(option, setting.value, rule: member.key, fail: fail)
                    configuration.ruleOptions[rule.identifier, default: [:]][option.name] = stored
                }
            }
        }
    }

    private static func setting(
        _ text: String, line: Int, fail: (Int, String) -> AuditConfigurationError
    ) throws(AuditConfigurationError) -> RuleSetting {
        switch text.lowercased() {
        case "off", "false", "no", "disabled", "disable": return .off
        case "on", "true", "yes", "enabled", "enable", "default": return .on
        case "note", "info": return .severity(.note)
        case "warning", "warn": return .severity(.warning)
        case "error": return .severity(.error)
        default: throw fail(line, "unknown setting \(MessageQuote.quoted(text)); accepted: off, on, note, warning, error")
        }
    }

    private static func optionValue(
        _ option: AuditRuleOption, _ node: ConfigNode, rule: String, fail: (Int, String) -> AuditConfigurationError
    ) throws(AuditConfigurationError) -> String {
        switch option.kind {
        case .positiveNumber:
            guard let text = node.scalar, let number = parseNumber(text), number > 0, number <= option.maximum else {
                throw fail(
                    node.line,
                    "\(MessageQuote.quoted(option.name)) of \(MessageQuote.quoted(rule)) must be a positive number up to \(formatDimension(option.maximum)), not \(node.typeDescription)")
            }
            return String(number)
        case .fraction:
            guard let text = node.scalar, let number = parseNumber(text), number >= 0, number <= 1 else {
                throw fail(
                    node.line, "\(MessageQuote.quoted(option.name)) of \(MessageQuote.quoted(rule)) must be a share between 0 and 1 (0.1 or 10%), not \(node.typeDescription)")
            }
            return String(number)
        case .scalesByIdiom:
            guard case .map(let members) = node.value else {
                throw fail(node.line, "\(MessageQuote.quoted(option.name)) of \(MessageQuote.quoted(rule)) must map idioms to lists of scales, e.g. 'phone: [2, 3]'")
            }
            var map: [String: [Int]] = [:]
            for member in members {
                let key = member.key == "iphone" ? "phone" : member.key == "ipad" ? "pad" : member.key
                guard scaleMapKeys.contains(key) else {
                    throw fail(member.line, "unknown idiom \(MessageQuote.quoted(member.key)); accepted: \(scaleMapKeys.joined(separator: ", "))")
                }
                var scales: [Int] = []
                for text in try stringList(member.value, key: member.key, fail: fail) {
                    guard let scale = DisplayScale(parsing: text), scale.value <= 16 else {
                        throw fail(member.line, "\(MessageQuote.quoted(text)) is not a scale (1, 2, 3 or 2x)")
                    }
                    scales.append(scale.value)
                }
                map[key] = Array(Set(scales)).sorted()
            }
            return formatScaleMap(map)
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}

/// Glob matching for ignore patterns: `*` (any characters but `/`), `**` (any characters, `/` included;
/// `**/` also matches nothing), `?` (one character but `/`).
///
/// The pattern comes from a repository's `.assetc.yml`, so matching must not backtrack: it runs the
/// pattern as a nondeterministic automaton over the path, keeping the set of pattern positions reached,
/// in time proportional to path length × pattern length whatever the stars.
enum Glob {
    private enum Token: Equatable {
        case literal(Unicode.Scalar)
        /// `?`
        case anyOne
        /// `*`
        case star
        /// `**` (and `**/`, which matches the same: any characters, or none)
        case doubleStar
    }

    static func matches(_ pattern: String, _ path: String) -> Bool {
        let tokens = tokenize(Array(pattern.unicodeScalars))
        var active = [Bool](repeating: false, count: tokens.count + 1)
        var next = active
        active[0] = true
        close(&active, tokens)
        for character in path.unicodeScalars {
            for index in next.indices { next[index] = false }
            var any = false
            for (index, token) in tokens.enumerated() where active[index] {
                switch token {
                case .literal(let expected):
                    if expected == character { next[index + 1] = true }
                case .anyOne:
                    if character != "/" { next[index + 1] = true }
                case .star:
                    if character != "/" { next[index] = true }
                case .doubleStar:
                    next[index] = true
                }
            }
            close(&next, tokens)
            swap(&active, &next)
            for flag in active where flag {
                any = true
                break
            }
            if !any { return false }
        }
        return active[tokens.count]
    }

    /// Adds the positions reachable without consuming a character: past any star.
    private static func close(_ states: inout [Bool], _ tokens: [Token]) {
        for index in tokens.indices where states[index] {
            switch tokens[index] {
            case .star, .doubleStar: states[index + 1] = true
            case .literal, .anyOne: break
            }
        }
    }

    private static func tokenize(_ pattern: [Unicode.Scalar]) -> [Token] {
        var tokens: [Token] = []
        var position = 0
        while position < pattern.count {
            let character = pattern[position]
            if character == "*" {
                if position + 1 < pattern.count, pattern[position + 1] == "*" {
                    position += 2
                    if position < pattern.count, pattern[position] == "/" { position += 1 }
                    if tokens.last != .doubleStar { tokens.append(.doubleStar) }
                } else {
                    position += 1
                    if tokens.last != .star, tokens.last != .doubleStar { tokens.append(.star) }
                }
                continue
            }
            tokens.append(character == "?" ? .anyOne : .literal(character))
            position += 1
        }
        return tokens
    }
}
