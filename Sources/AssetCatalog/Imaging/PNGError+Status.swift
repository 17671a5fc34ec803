internal import CPNGSupport

// The bridge from CPNGSupport's status codes, shared with AssetCatalogBuilder (which calls
// CPNGSupport directly for inspection and optimisation).
extension PNGError {
    /// Bytes reserved for a C-side message; libpng's messages are one short line.
    package static let messageCapacity = 256

    /// Runs `body` with a zeroed C message buffer (on the stack, no heap allocation) and returns
    /// its result together with the message it wrote.
    package static func withMessageBuffer<Result>(
        _ body: (_ message: UnsafeMutablePointer<CChar>, _ capacity: Int) -> Result
    ) -> (result: Result, message: String) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: messageCapacity) { buffer in
            buffer.initialize(repeating: 0)
            guard let base = buffer.baseAddress else {
                // Unreachable for a non-zero capacity; still never hand C a null buffer.
                var terminator: CChar = 0
                return (withUnsafeMutablePointer(to: &terminator) { body($0, 0) }, "")
            }
            // The C side always NUL-terminates within the capacity; terminate anyway so a bug
            // there can never make this read past the buffer.
            let result = body(base, messageCapacity - 1)
            base[messageCapacity - 1] = 0
            return (result, base[0] == 0 ? "" : String(cString: base))
        }
    }

    /// The error for a CPNGSupport status (its raw value), or `nil` for success.
    ///
    /// `width`/`height` are the IHDR fields when they were read (0 otherwise); `limit` is the
    /// caller's pixel limit, reported with ``Kind/tooLarge(pixels:limit:)``.
    package init?(status: Int, message: String, width: UInt32 = 0, height: UInt32 = 0, limit: Int = 0) {
        let knownWidth = width == 0 ? nil : Int(width)
        let knownHeight = height == 0 ? nil : Int(height)
        let kind: Kind
        switch status {
        case Int(ACPNG_OK.rawValue): return nil
        case Int(ACPNG_ERR_NOT_PNG.rawValue): kind = .notPNG
        case Int(ACPNG_ERR_TOO_LARGE.rawValue):
            kind = .tooLarge(pixels: Int(width) * Int(height), limit: limit)
        case Int(ACPNG_ERR_TRUNCATED.rawValue): kind = .truncated
        case Int(ACPNG_ERR_OUT_OF_MEMORY.rawValue): kind = .outOfMemory
        default: kind = .corrupt
        }
        self.init(kind: kind, message: message, width: knownWidth, height: knownHeight)
    }

    /// A caller's `maxPixels` as the C side's unsigned limit (negative means nothing is allowed).
    package static func cLimit(_ maxPixels: Int) -> UInt64 {
        UInt64(max(0, maxPixels))
    }
}
