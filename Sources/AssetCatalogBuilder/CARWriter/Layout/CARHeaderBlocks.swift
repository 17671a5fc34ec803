import AssetCatalog
import Foundation

extension CARCompiler {
    // MARK: Header blocks

    func carHeader(renditionCount: Int, uuid: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        BinaryWriter.appendFourCC(&bytes, "CTAR")
        BinaryWriter.appendLE32(&bytes, 972)
        BinaryWriter.appendLE32(&bytes, 17)
        BinaryWriter.appendLE32(&bytes, 0)
        BinaryWriter.appendLE32(&bytes, UInt32(renditionCount))
        BinaryWriter.appendFixed(&bytes, "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-972", width: 128)
        BinaryWriter.appendFixed(&bytes, "assetc \(options.toolVersion) via assetc compile", width: 256)
        bytes += uuid
        BinaryWriter.appendLE32(&bytes, 0)
        BinaryWriter.appendLE32(&bytes, 2)
        BinaryWriter.appendLE32(&bytes, 1)
        BinaryWriter.appendLE32(&bytes, 2)
        return bytes
    }

    func metadata() -> [UInt8] {
        var bytes = Array("META".utf8)
        let thinning = options.targetDevices.isEmpty ? "" : "assetc thinned <idioms \(options.targetDevices.map(\.token).joined(separator: " "))>"
        BinaryWriter.appendFixed(&bytes, thinning, width: 256)
        BinaryWriter.appendFixed(&bytes, options.minimumDeploymentTarget, width: 256)
        BinaryWriter.appendFixed(&bytes, options.platform.metadataName, width: 256)
        BinaryWriter.appendFixed(&bytes, "@(#)PROGRAM:assetc  PROJECT:assetc-\(options.toolVersion)", width: 256)
        return bytes
    }

    /// A UUID (version 8, RFC 9562) from two 64-bit digests of every facet's key and value and every
    /// rendition's key, value length and value digest (``BuiltValue``, taken on the compiling threads), eight
    /// bytes at a time (multiply-xorshift mixing, as in splitmix64): the same content always gets the same
    /// UUID, different content practically never does, and no byte of a large car is read twice for it.
    static func contentUUID(_ renditions: [RenditionStream.Entry], _ facets: [(key: [UInt8], value: [UInt8])]) -> [UInt8] {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        @inline(__always) func mix(_ word: UInt64) {
            first = (first ^ word) &* 0x9E37_79B9_7F4A_7C15
            first ^= first >> 31
            second = (second &+ word) &* 0xBF58_476D_1CE4_E5B9
            second ^= second >> 27
        }
        func mix(_ part: [UInt8]) {
            part.withUnsafeBytes { bytes in
                var at = 0
                while at + 8 <= bytes.count {
                    mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                    at += 8
                }
                var tail: UInt64 = 0
                for (shift, byte) in bytes[at...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
                mix(tail)
            }
            mix(UInt64(part.count) | 0xFF00_0000_0000_0000)
        }
        for facet in facets {
            mix(facet.key)
            mix(facet.value)
        }
        for rendition in renditions {
            mix(rendition.key)
            mix(rendition.digest)
            mix(UInt64(rendition.length) | 0xFF00_0000_0000_0000)
        }
        var bytes: [UInt8] = []
        BinaryWriter.appendLE64(&bytes, first)
        BinaryWriter.appendLE64(&bytes, second)
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return bytes
    }
}
