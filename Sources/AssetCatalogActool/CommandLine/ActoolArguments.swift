import AssetCatalogBuilder

/// actool's command line split into its options and its inputs, as actool reads it: `--name value` and
/// `--name=value` alike, flags alone, every other word an input (a catalog, an `.icon`, a sticker pack).
///
/// Nothing is ignored: an option not in ``ActoolOption`` is an error naming it, as it is for actool ("Unknown
/// argument"), and so is a missing value, a value where a flag takes none, or a value outside an option's list.
public struct ActoolArguments: Sendable, Hashable {
    /// Every value given, per option, in the order given (a flag records one empty string per use).
    public private(set) var values: [ActoolOption: [String]]
    /// The words that are not options: the catalogs and other inputs, in order.
    public private(set) var inputs: [String]

    /// Parses `arguments` (without the program's and subcommand's names).
    ///
    /// - Throws: ``ActoolUsageError`` naming the argument at fault.
    public init(parsing arguments: [String]) throws(ActoolUsageError) {
        values = [:]
        inputs = []
        var position = 0
        var onlyInputs = false
        while position < arguments.count {
            let argument = arguments[position]
            position += 1
            if onlyInputs || !argument.hasPrefix("--") {
                inputs.append(argument)
                continue
            }
            if argument == "--" {
                onlyInputs = true
                continue
            }
            let (name, attached) = Self.split(argument)
            guard let option = ActoolOption(rawValue: name) else { throw .unknownArgument(name) }
            let value: String
            switch option.arity {
            case .flag:
                if attached != nil { throw .unexpectedValue(option) }
                value = ""
            case .flagWithOptionalValue:
                value = attached ?? ""
            case .value, .repeatable:
                if let attached {
                    value = attached
                } else {
                    guard position < arguments.count else { throw .missingValue(option) }
                    value = arguments[position]
                    position += 1
                }
                if let allowed = option.allowedValues, !allowed.contains(value) {
                    throw .invalidValue(option, value: value, allowed: allowed)
                }
            }
            values[option, default: []].append(value)
        }
    }

    /// The command line in one canonical order (options by name, each option's values in the order given, then the
    /// inputs), as words `--name=value`, leaving out `excluded` options: two command lines that mean the same give
    /// the same words, whatever order their options came in.
    public func canonicalWords(excluding excluded: Set<ActoolOption> = []) -> [String] {
        var words: [String] = []
        for option in values.keys.sorted(by: { $0.rawValue < $1.rawValue }) where !excluded.contains(option) {
            for value in values[option] ?? [] { words.append(option.rawValue + "=" + value) }
        }
        words.append("--")
        return words + inputs
    }

    /// Whether the flag or option was given.
    public func contains(_ option: ActoolOption) -> Bool { values[option] != nil }

    /// The option's value: the last one given, as actool takes a repeated single-value option.
    public func value(_ option: ActoolOption) -> String? { values[option]?.last }

    /// Every value of a repeatable option, in order.
    public func all(_ option: ActoolOption) -> [String] { values[option] ?? [] }

    /// A `YES`/`NO` option as a Boolean, or `nil` when absent.
    public func boolean(_ option: ActoolOption) -> Bool? { value(option).map { $0 == "YES" } }

    /// `--name=value` → (`--name`, `value`); `--name` → (`--name`, `nil`).
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// A mistake in actool's command line, named as actool names it.
public enum ActoolUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An option actool does not have.
    case unknownArgument(String)
    /// An option that takes a value came last.
    case missingValue(ActoolOption)
    /// A flag was given a value with `=`.
    case unexpectedValue(ActoolOption)
    /// A value outside the option's list.
    case invalidValue(ActoolOption, value: String, allowed: [String])
    /// Any other mistake in the options (a missing required option, an impossible combination).
    case invalid(String)

    public var description: String {
        switch self {
        case .unknownArgument(let name):
            return "Unknown argument '\(MessageQuote.clipped(name))'."
        case .missingValue(let option):
            return "The \(option.rawValue) option requires a value."
        case .unexpectedValue(let option):
            return "The \(option.rawValue) option takes no value."
        case .invalidValue(let option, let value, let allowed):
            return "'\(MessageQuote.clipped(value))' is not a valid value for \(option.rawValue) (expected \(allowed.joined(separator: ", ")))."
        case .invalid(let message):
            return message
        }
    }
}
