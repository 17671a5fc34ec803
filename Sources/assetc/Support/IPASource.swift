import Foundation
import ZIPFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// App archives (`.ipa`, a zip file) as a source for the commands that take an `Assets.car`: the compiled
/// catalog at `Payload/<name>.app/**/Assets.car` is copied to a private temporary folder, removed when the
/// process exits, and read from there.
///
/// The archive is hostile until checked: only regular file entries are considered (links are never
/// followed), an entry whose path is absolute or has `..` components is ignored, nothing is written under a
/// name taken from the archive except below the private folder, and an entry larger than
/// ``maximumEntryBytes`` uncompressed is refused, checked both against the zip's header and while inflating.
enum IPASource {
    /// The largest `Assets.car` taken from an `.ipa`: 2 GiB uncompressed (the largest real catalogs are a few
    /// hundred megabytes).
    static let maximumEntryBytes: UInt64 = 2 << 30

    /// Whether `path` names an `.ipa` file (by its extension; the zip reader checks the rest).
    static func isIPA(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path.lowercased().hasSuffix(".ipa") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }

    /// The compiled catalog entries of an archive: regular files named `Assets.car` inside `Payload/<name>.app/`.
    static func catalogEntries(_ archive: Archive) -> [Entry] {
        archive.filter { entry in
            guard entry.type == .file else { return false }
            let components = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !entry.path.hasPrefix("/"), !entry.path.contains("\\"), components.count >= 3, components[0] == "Payload",
                components[1].hasSuffix(".app"), components.last == "Assets.car",
                !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
            else { return false }
            return true
        }
    }

    /// Extracts the one `Assets.car` of the `.ipa` at `path` and returns the extracted file's path; an error
    /// naming them when there are several (as for an `.app`), none, or the archive cannot be read.
    static func extractCatalog(_ path: String, limit: UInt64 = maximumEntryBytes) throws -> String {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw CLIError("\(path): not a readable .ipa (zip) file: \(error)")
        }
        let entries = catalogEntries(archive).sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        guard let entry = entries.first else { throw CLIError("\(path): the .ipa has no Payload/*.app/**/Assets.car") }
        guard entries.count == 1 else {
            throw CLIError(
                "\(path) holds \(entries.count) compiled catalogs; unzip it and give one of them:\n  "
                    + entries.map(\.path).joined(separator: "\n  "))
        }
        guard entry.uncompressedSize <= limit else {
            throw CLIError("\(path): \(entry.path) is \(entry.uncompressedSize) bytes uncompressed, over the \(limit)-byte limit for an Assets.car in an .ipa")
        }
        let folder = try TemporaryFolders.make()
        // The entry's own path below the private folder: messages then name the catalog inside the app.
        let destination = folder + "/" + entry.path
        do {
            try FileManager.default.createDirectory(
                atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: destination, contents: nil, attributes: [.posixPermissions: 0o600]),
                let handle = FileHandle(forWritingAtPath: destination)
            else { throw CLIError("cannot create a temporary file in \(folder)") }
            defer { try? handle.close() }
            var written: UInt64 = 0
            _ = try archive.extract(entry) { data in
                written += UInt64(data.count)
                // The header's size may lie: the limit holds for the bytes actually inflated.
                guard written <= limit else { throw LimitExceeded() }
                try handle.write(contentsOf: data)
            }
        } catch is LimitExceeded {
            throw CLIError("\(path): \(entry.path) inflates to more than its stated size and the \(limit)-byte limit")
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(path): cannot extract \(entry.path): \(error)")
        }
        return destination
    }

    private struct LimitExceeded: Error {}
}

/// Private temporary folders (mode 0700) removed when the process exits normally.
enum TemporaryFolders {
    nonisolated(unsafe) private static var created: [String] = []
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered = false

    /// Creates a new private folder and returns its path.
    static func make() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-ipa-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIError("cannot create a temporary folder: \(error.localizedDescription)")
        }
        lock.lock()
        created.append(path)
        if !registered {
            registered = true
            atexit { TemporaryFolders.removeAll() }
        }
        lock.unlock()
        return path
    }

    static func removeAll() {
        lock.lock()
        let folders = created
        created = []
        lock.unlock()
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }
}
