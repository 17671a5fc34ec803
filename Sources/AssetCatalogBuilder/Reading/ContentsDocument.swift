#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `Contents.json` being read, with helpers that check types and keys and report what is wrong
/// as `invalid-contents` and `unknown-key` diagnostics naming the file.
struct ContentsDocument {
    /// The file, relative to the catalog root (`Hero.imageset/Contents.json`).
    let path: String
    /// The top-level object.
    let root: JSONObject

    /// The outcome of looking for a `Contents.json`.
    enum Loaded {
        /// Parsed; the top level is an object.
        case document(ContentsDocument)
        /// There is no `Contents.json` in the folder.
        case missing
        /// It exists but cannot be used; a diagnostic has been emitted.
        case invalid
    }

    /// Reads and parses `Contents.json` in a folder. `ioFolder` is the folder's path for system calls
    /// (or `directory` an open descriptor of it), `folder` its path relative to the catalog root.
    /// `fileName` is `Contents.json` except for Icon Composer bundles (`icon.json`).
    ///
    /// A file that is a symbolic link is followed only when it stays inside `root`, like an
    /// image: one leading out of the root is `unsafe-path` and is not read.
    static func load(
        ioFolder: String, directory: Int32? = nil, folder: String, fileName: String = "Contents.json",
        root: RootContext, sink: inout DiagnosticSink
    ) -> Loaded {
        let path = joinPath(folder, fileName)
        let bytes: [UInt8]
        let limit = ReaderLimits.maximumContentsBytes + 1
        var read = directory.map { FileSystem.read(fileName, in: $0, limit: limit, noFollow: true) }
            ?? FileSystem.read(ioFolder + "/" + fileName, limit: limit, noFollow: true)
        // Recorded only as read at its own path (a link's target is not the file there).
        var recordsDigest = root.readDigests != nil
        if case .failure(let failure) = read, failure.code == ELOOP {
            recordsDigest = false
            switch SymbolicLinks.resolve(ioFolder + "/" + fileName, root: root) {
            case .broken:
                sink.emit(.unreadablePath, at: path, "is a broken symbolic link")
                return .invalid
            case .outside(let real):
                sink.emit(.unsafePath, at: path, SymbolicLinks.outsideMessage(real))
                return .invalid
            case .inside(let real, _):
                read = FileSystem.read(real, limit: limit)
            }
        }
        switch read {
        case .success(let result):
            guard result.size <= ReaderLimits.maximumContentsBytes else {
                sink.emit(.invalidContents, at: path, "is \(result.size) bytes; \(fileName) files over \(ReaderLimits.maximumContentsBytes) bytes are not read")
                return .invalid
            }
            bytes = result.bytes
            if recordsDigest { root.readDigests?.record(path: ioFolder + "/" + fileName, bytes: bytes) }
        case .failure(let failure):
            if failure.code == ENOENT { return .missing }
            sink.emit(.unreadablePath, at: path, "cannot be read: \(failure)")
            return .invalid
        }
        switch JSONParser.parse(bytes) {
        case .failure(let error):
            sink.emit(.invalidContents, at: path, "is \(error)")
            return .invalid
        case .success(.object(let object)):
            reportDuplicateKeys(.object(object), place: "the top level", path: path, sink: &sink)
            return .document(ContentsDocument(path: path, root: object))
        case .success(let other):
            sink.emit(.invalidContents, at: path, "the top level should be an object but is \(other.typeDescription)")
            return .invalid
        }
    }

    /// Reports every member of `object` whose key is not in `known` as `unknown-key`.
    /// `place` reads like "images[2]" or "the top level".
    func checkKeys(_ object: JSONObject, known: Set<String>, place: String, sink: inout DiagnosticSink) {
        for member in object.members where !known.contains(member.key) {
            sink.emit(.unknownKey, at: path, "unknown key \(MessageQuote.quoted(member.key)) \(place == "the top level" ? "at" : "in") \(place)")
        }
    }

    /// Warns about every key written twice in one object, anywhere in the document: JSON leaves it
    /// undefined, Xcode and assetc use the last value, and the first was most likely meant.
    static func reportDuplicateKeys(_ value: JSONValue, place: String, path: String, sink: inout DiagnosticSink) {
        switch value {
        case .object(let object):
            for key in duplicateKeys(object.members) {
                sink.emit(
                    .invalidContents, at: path,
                    "the key \(MessageQuote.quoted(key)) appears more than once \(place == "the top level" ? "at" : "in") \(place); the last value is used",
                    severity: .warning)
            }
            // The place is spelled out only for the values that can hold keys: most are strings and numbers.
            for member in object.members where member.value.canHoldKeys {
                let inner = place == "the top level" ? member.key : "\(place).\(member.key)"
                reportDuplicateKeys(member.value, place: inner, path: path, sink: &sink)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() where element.canHoldKeys {
                reportDuplicateKeys(element, place: "\(place)[\(index)]", path: path, sink: &sink)
            }
        case .string, .number, .bool, .null:
            break
        }
    }

    /// The keys that appear more than once among `members`, each once, in the order of their second
    /// appearance. An object of a Contents.json has a handful of keys: those are compared pairwise (no set to
    /// build for each of the tens of thousands of objects in a large catalog); a larger one goes through a set.
    static func duplicateKeys(_ members: [(key: String, value: JSONValue)]) -> [String] {
        var duplicates: [String] = []
        if members.count <= 12 {
            for later in members.indices.dropFirst() {
                let key = members[later].key
                if members[..<later].contains(where: { $0.key == key }), !duplicates.contains(key) { duplicates.append(key) }
            }
            return duplicates
        }
        var seen = Set<String>()
        var reported = Set<String>()
        for member in members where !seen.insert(member.key).inserted && reported.insert(member.key).inserted {
            duplicates.append(member.key)
        }
        return duplicates
    }

    /// Reports a value of the wrong type: "'images' should be an array but is a string".
    func wrongType(_ name: String, expected: String, actual: JSONValue, sink: inout DiagnosticSink) {
        sink.emit(.invalidContents, at: path, "\(MessageQuote.quoted(name)) should be \(expected) but is \(actual.typeDescription)")
    }

    /// The array at `name` in `object`; `nil` (and an error) when it has another type, `[]` when absent.
    func array(_ key: String, in object: JSONObject, name: @autoclosure () -> String, sink: inout DiagnosticSink) -> [JSONValue] {
        guard let value = object[key] else { return [] }
        guard case .array(let elements) = value else {
            wrongType(name(), expected: "an array", actual: value, sink: &sink)
            return []
        }
        return elements
    }

    /// The object at `key`; `nil` when absent or of another type (with an error).
    func object(_ key: String, in object: JSONObject, name: @autoclosure () -> String, sink: inout DiagnosticSink) -> JSONObject? {
        guard let value = object[key] else { return nil }
        guard case .object(let child) = value else {
            wrongType(name(), expected: "an object", actual: value, sink: &sink)
            return nil
        }
        return child
    }

    /// The string at `key`; `nil` when absent or of another type (with an error).
    func string(_ key: String, in object: JSONObject, name: @autoclosure () -> String, sink: inout DiagnosticSink) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else {
            wrongType(name(), expected: "a string", actual: value, sink: &sink)
            return nil
        }
        return text
    }

    /// The boolean at `key`; `nil` when absent or of another type (with an error).
    /// Accepts the strings `"true"` and `"false"` as some generators write them.
    func bool(_ key: String, in object: JSONObject, name: @autoclosure () -> String, sink: inout DiagnosticSink) -> Bool? {
        guard let value = object[key] else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default:
            wrongType(name(), expected: "a boolean", actual: value, sink: &sink)
            return nil
        }
    }
}

/// Size limits that keep hostile input from exhausting memory.
enum ReaderLimits {
    /// Real `Contents.json` files are a few KiB; a 16 MiB one is not a catalog file.
    static let maximumContentsBytes = 16 * 1024 * 1024
}
