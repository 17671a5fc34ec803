/// Decoding that refuses invalid UTF-8 instead of repairing it, without the availability limits of
/// `String(validating:as:)`.
enum StrictUTF8 {
    /// The text, or `nil` when the bytes are not valid UTF-8.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var isASCII = true
        for byte in bytes where byte >= 0x80 {
            isASCII = false
            break
        }
        if !isASCII {
            var iterator = bytes.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            scan: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid: continue
                case .emptyInput: break scan
                case .error: return nil
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text, or `nil` when the bytes are not valid UTF-8.
    static func decode(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    /// A NUL-terminated C string, or `nil` when it is not valid UTF-8.
    static func decode(cString: UnsafePointer<CChar>) -> String? {
        let length = strlenPortable(cString)
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            decode(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    private static func strlenPortable(_ pointer: UnsafePointer<CChar>) -> Int {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return length
    }
}
