import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the command line writes a file it was asked to write (`-o`, `--output`,
/// `--write-baseline`): `-` is standard output; anything else is written to a temporary file beside it
/// and renamed into place, so a failure never leaves a partial file and an existing file is untouched.
/// Every failure is a ``CLIError`` (exit 2) that says in words what went wrong.
enum OutputFile {
    /// Pieces smaller than this are gathered before they are written.
    static let writeBufferSize = 1 << 20

    /// Whether `path` names standard output.
    static func isStandardOutput(_ path: String) -> Bool { path == "-" }

    /// Writes `text` to `path` (or standard output for `-`).
    static func write(_ text: String, to path: String, option: String = "-o") throws(CLIError) {
        try write(bytes: Array(text.utf8), to: path, option: option)
    }

    /// Writes `bytes` to `path` (or standard output for `-`).
    static func write(bytes: [UInt8], to path: String, option: String = "-o") throws(CLIError) {
        try write(to: path, option: option) { (emit: ([UInt8]) throws(POSIXFailure) -> Void) throws(POSIXFailure) in try emit(bytes) }
    }

    /// Writes what `produce` hands to its `emit` function, piece by piece, to `path` (or standard output for
    /// `-`): a large output is never held whole in memory, and a failure still leaves nothing behind.
    static func write(
        to path: String, option: String = "-o",
        _ produce: (_ emit: ([UInt8]) throws(POSIXFailure) -> Void) throws(POSIXFailure) -> Void
    ) throws(CLIError) {
        if isStandardOutput(path) {
            var bytes: [UInt8] = []
            do throws(POSIXFailure) {
                try produce { (piece: [UInt8]) throws(POSIXFailure) in bytes += piece }
            } catch {
                throw CLIError("cannot write to standard output: \(error.reason)", exitCode: 2)
            }
            try Console.out(bytes: bytes)
            return
        }
        let folder = try checkDestination(path, option: option)
        let name = MessageText.quote(path)
        let finalName = URL(fileURLWithPath: path).lastPathComponent
        var template = Array((folder + "/.\(finalName).tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let failure = POSIXFailure(errno: errno)
            if failure.errno == EACCES || failure.errno == EROFS || failure.errno == EPERM {
                throw CLIError("cannot write \(name): the folder '\(MessageText.quote(folder))' is not writable (\(failure.reason))", exitCode: 2)
            }
            throw CLIError("cannot write \(name): cannot create a file in '\(MessageText.quote(folder))': \(failure.reason)", exitCode: 2)
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do throws(POSIXFailure) {
            // mkstemp creates the file 0600; give it what a plain create would (0666 less the umask).
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
            // Small pieces (a car hands over a header, a key and a payload per rendition) are gathered into
            // one buffer so that a large output costs a few hundred system calls, not one per piece.
            var pending: [UInt8] = []
            pending.reserveCapacity(Self.writeBufferSize)
            try produce { (piece: [UInt8]) throws(POSIXFailure) in
                if pending.count + piece.count > Self.writeBufferSize, !pending.isEmpty {
                    try Console.writeAll(descriptor, pending)
                    pending.removeAll(keepingCapacity: true)
                }
                if piece.count >= Self.writeBufferSize {
                    try Console.writeAll(descriptor, piece)
                } else {
                    pending += piece
                }
            }
            if !pending.isEmpty { try Console.writeAll(descriptor, pending) }
            if close(descriptor) != 0 { throw POSIXFailure(errno: errno) }
        } catch {
            close(descriptor)
            throw CLIError("cannot write \(name): \(error.reason)", exitCode: 2)
        }
        guard rename(temporary, path) == 0 else {
            throw CLIError("cannot write \(name): \(POSIXFailure(errno: errno).reason)", exitCode: 2)
        }
        committed = true
    }

    /// Checks that `path` can name a new file: not a folder, in a folder that exists. Returns that folder.
    ///
    /// - Throws: ``CLIError`` (exit 2) in words: "is a folder; -o needs a file path", "the folder … does not exist".
    @discardableResult
    static func checkDestination(_ path: String, option: String = "-o") throws(CLIError) -> String {
        let name = MessageText.quote(path)
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw CLIError.usage("\(name) is a folder; \(option) needs a file path (for example \(name.hasSuffix("/") ? name : name + "/")file)")
        }
        // The folder as the user wrote it (relative stays relative), so the message names what they typed.
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        var folderIsDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &folderIsDirectory) else {
            throw CLIError.usage("cannot write \(name): the folder '\(MessageText.quote(folder))' does not exist")
        }
        guard folderIsDirectory.boolValue else {
            throw CLIError.usage("cannot write \(name): '\(MessageText.quote(folder))' is a file, not a folder")
        }
        return folder
    }
}
