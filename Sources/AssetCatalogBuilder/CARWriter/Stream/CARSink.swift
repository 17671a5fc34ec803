import Foundation

/// Where a compile writes an `Assets.car`: bytes appended in order while the renditions are being made,
/// then the 512-byte header area written over the start once the layout is known.
protocol CARSink: AnyObject {
    /// Appends `bytes` after everything appended so far.
    func append(_ bytes: [UInt8]) throws(CARCompileError)
    /// Appends `count` zero bytes (padding).
    func appendZeros(_ count: Int) throws(CARCompileError)
    /// Writes `bytes` over the start of the file (the BOM header area, appended as zeros first).
    func writeHeaderArea(_ bytes: [UInt8]) throws(CARCompileError)
    /// Appends `count` bytes of the open file `source` (a previous car) from `offset` (a value and the zeros after it,
    /// which the previous car holds too: values start on 16-byte boundaries in both).
    func appendCopy(from source: Int32, offset: Int, count: Int) throws(CARCompileError)
    /// Starts making the copies appended so far where the sink can do so beside the caller's next work (the file sink,
    /// on a thread of its own); the next write waits for them.
    func startPendingCopy() throws(CARCompileError)
}

extension CARSink {
    func startPendingCopy() throws(CARCompileError) {}
}

/// The car in memory (``CARCompiler/compile(_:)``, tests and small catalogs).
final class MemoryCARSink: CARSink {
    private(set) var bytes: [UInt8] = []

    func append(_ piece: [UInt8]) throws(CARCompileError) {
        bytes += piece
    }

    func appendZeros(_ count: Int) throws(CARCompileError) {
        bytes.append(contentsOf: repeatElement(0, count: count))
    }

    func writeHeaderArea(_ header: [UInt8]) throws(CARCompileError) {
        bytes.replaceSubrange(0..<header.count, with: header)
    }

    func appendCopy(from source: Int32, offset: Int, count: Int) throws(CARCompileError) {
        do {
            bytes += try TemporaryOutput.readRange(source, offset: offset, count: count, path: "Assets.car")
        } catch {
            throw CARCompileError(error)
        }
    }
}

/// The car in a temporary file beside the output (``CARCompiler/compile(_:toFile:)``). Pieces are gathered
/// into one buffer so that a car of many small renditions costs a few hundred `write` calls, not one or
/// more per rendition; a piece as large as the buffer is written from where it is.
final class FileCARSink: CARSink {
    let output: TemporaryOutput
    private let buffer: UnsafeMutableRawBufferPointer
    private var pending = 0

    /// How many bytes are gathered before they are written.
    static let bufferSize = 1 << 20

    init(output: TemporaryOutput) {
        self.output = output
        buffer = .allocate(byteCount: Self.bufferSize, alignment: 16)
    }

    /// A copy from a previous car not made yet: consecutive copies become one call.
    private var pendingCopy: (source: Int32, offset: Int, count: Int)?
    /// The copy started by ``startPendingCopy()``, on a thread of its own; every later use of the file waits for it.
    private let copying = DispatchGroup()
    private var copyInFlight: BackgroundCopy?

    deinit {
        // A compile that failed while a copy was in flight: the temporary file is not removed under it.
        copying.wait()
        buffer.deallocate()
    }

    func startPendingCopy() throws(CARCompileError) {
        guard let copy = pendingCopy else { return }
        pendingCopy = nil
        try flush()
        try awaitCopy()
        let background = BackgroundCopy(output: output)
        copyInFlight = background
        DispatchQueue.global().async(group: copying) { background.run(from: copy.source, offset: copy.offset, count: copy.count) }
    }

    /// Waits for the copy in flight, if any, and throws its failure.
    private func awaitCopy() throws(CARCompileError) {
        guard let background = copyInFlight else { return }
        copying.wait()
        copyInFlight = nil
        if let failure = background.failure { throw CARCompileError(failure) }
    }

    func appendCopy(from source: Int32, offset: Int, count: Int) throws(CARCompileError) {
        if let copy = pendingCopy, copy.source == source, copy.offset + copy.count == offset {
            pendingCopy?.count += count
            return
        }
        try flush()
        pendingCopy = (source, offset, count)
    }

    func append(_ piece: [UInt8]) throws(CARCompileError) {
        try flushCopy()
        if pending + piece.count > buffer.count { try flush() }
        if piece.count >= buffer.count {
            // Written from the array's own storage, inside the closure that lends it.
            var failure: CARCompileError?
            piece.withUnsafeBytes { bytes in
                do throws(CARCompileError) { try write([bytes]) } catch { failure = error }
            }
            if let failure { throw failure }
            return
        }
        piece.withUnsafeBytes { bytes in
            if let source = bytes.baseAddress { (buffer.baseAddress! + pending).copyMemory(from: source, byteCount: bytes.count) }
        }
        pending += piece.count
    }

    func appendZeros(_ count: Int) throws(CARCompileError) {
        try flushCopy()
        if pending + count > buffer.count { try flush() }
        precondition(count <= buffer.count, "padding is shorter than the gathering buffer")
        (buffer.baseAddress! + pending).initializeMemory(as: UInt8.self, repeating: 0, count: count)
        pending += count
    }

    /// Makes the pending copy.
    private func flushCopy() throws(CARCompileError) {
        guard let copy = pendingCopy else { return }
        pendingCopy = nil
        try flush()
        try awaitCopy()
        do {
            try output.copy(from: copy.source, offset: copy.offset, count: copy.count)
        } catch {
            throw CARCompileError(error)
        }
    }

    /// Writes what is gathered.
    private func flush() throws(CARCompileError) {
        try flushCopy()
        guard pending > 0 else { return }
        try write([UnsafeRawBufferPointer(rebasing: buffer[0..<pending])])
        pending = 0
    }

    func writeHeaderArea(_ header: [UInt8]) throws(CARCompileError) {
        try flush()
        try awaitCopy()
        do {
            try output.write(header, at: 0)
        } catch {
            throw CARCompileError(error)
        }
    }

    private func write(_ buffers: [UnsafeRawBufferPointer]) throws(CARCompileError) {
        try awaitCopy()
        do {
            try output.write(buffers)
        } catch {
            throw CARCompileError(error)
        }
    }
}

extension CARCompileError {
    /// The temporary output's failure (it speaks the packer's error type) as a compile error.
    init(_ failure: PackError) {
        switch failure {
        case .cannotWrite(let path, let reason): self = .cannotWrite(path: path, reason: reason)
        default: self = .cannotWrite(path: "", reason: failure.description)
        }
    }
}

/// A copy from a previous car made on another thread while the compile lays out the car's trees (the tail of a rebuild's
/// unchanged renditions: 25 ms of the benchmark's one-image rebuild, beside 23 ms of trees).
///
/// `@unchecked Sendable`: the sink that starts it touches the output again only after waiting for it, and reads
/// `failure` only then.
private final class BackgroundCopy: @unchecked Sendable {
    let output: TemporaryOutput
    var failure: PackError?

    init(output: TemporaryOutput) { self.output = output }

    func run(from source: Int32, offset: Int, count: Int) {
        do {
            try output.copy(from: source, offset: offset, count: count)
        } catch {
            failure = error
        }
    }
}
