import CCARDecoding
import Testing

@testable import AssetCatalog

/// The C reconstruction of predicted deepmap tiles (`CCARDecoding`, behind `DeepmapTiles.reconstructPredicted`)
/// against the plain Swift it replaced (``DeepmapPredictedReference``), byte for byte: tiles encoded from images (every
/// predictor, colour and grey + alpha, both layouts, both chroma shifts) and tiles of random bytes (every 16-bit
/// value, wrapping included), at widths that leave every vector loop a remainder; its AVX2 and portable paths against
/// each other; and its checks: a bad predictor byte or a size that does not fit is refused before anything is written.
@Suite("deepmap predicted tiles: C kernel")
struct DeepmapReconstructionTests {
    typealias E = DeepmapTestEncoder

    /// A deterministic byte stream (xorshift), so that a failure names a case that reproduces.
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt8 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        mutating func take(_ count: Int) -> [UInt8] { (0..<count).map { _ in next() } }
    }

    /// The sizes: one pixel, one row, one column, odd widths around the vector widths (8, 16, 32 values), and a wide one.
    static let sizes: [(width: Int, height: Int)] = [
        (1, 1), (1, 9), (9, 1), (2, 3), (3, 5), (7, 4), (8, 3), (15, 6), (16, 2), (17, 5), (31, 4), (33, 3), (67, 7), (130, 3),
    ]

    /// Output pixels as `layout` writes them.
    static func outputBytes(color: Bool, layout: DeepmapTiles.Layout) -> Int { layout == .rgba || color ? 4 : 2 }

    /// Runs the kernel (through the Swift wrapper) and the reference on `tile`, into rows padded by 5 bytes (whose
    /// bytes must stay as they were), and returns both outputs.
    static func both(
        _ tile: [UInt8], width: Int, height: Int, color: Bool, chromaShift: Int, layout: DeepmapTiles.Layout
    ) throws -> (kernel: [UInt8], reference: [UInt8]) {
        let rowBytes = width * outputBytes(color: color, layout: layout) + 5
        var kernel = [UInt8](repeating: 0xA5, count: rowBytes * height)
        var reference = kernel
        try tile.withUnsafeBytes { tile in
            try kernel.withUnsafeMutableBytes { output in
                try DeepmapTiles.reconstructPredicted(
                    tile, width: width, height: height, color: color, chromaShift: chromaShift, layout: layout, into: output, rowBytes: rowBytes)
            }
            try reference.withUnsafeMutableBytes { output in
                try DeepmapPredictedReference.reconstruct(
                    tile, width: width, height: height, color: color, chromaShift: chromaShift, layout: layout, into: output, rowBytes: rowBytes)
            }
        }
        return (kernel, reference)
    }

    /// Where two outputs first differ (a byte offset), or `nil` when they are the same bytes; a failure names the place
    /// instead of printing both outputs.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        a.count != b.count ? min(a.count, b.count) : a.indices.first { a[$0] != b[$0] }
    }

    /// The C kernel's two paths, called directly: the one chosen at run time and the portable one.
    static func paths(
        _ tile: [UInt8], width: Int, height: Int, color: Bool, chromaShift: Int, rgba: Bool
    ) -> (chosen: [UInt8], portable: [UInt8], statuses: [ccar_deepmap_status]) {
        let lanes = color ? 3 : 1, rowBytes = width * (rgba || color ? 4 : 2)
        var outputs: [[UInt8]] = [], statuses: [ccar_deepmap_status] = []
        for portable in [false, true] {
            var output = [UInt8](repeating: 0, count: rowBytes * height)
            var scratch = [Int16](repeating: 0, count: ccar_deepmap_scratch_values(width, lanes))
            var badRow = 0
            let status = tile.withUnsafeBufferPointer { tile in
                output.withUnsafeMutableBufferPointer { output in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        (portable ? ccar_deepmap_reconstruct_predicted_portable : ccar_deepmap_reconstruct_predicted)(
                            tile.baseAddress, tile.count, width, height, color ? 1 : 0, UInt32(chromaShift), rgba ? 1 : 0, output.baseAddress,
                            output.count, rowBytes, scratch.baseAddress, scratch.count, &badRow)
                    }
                }
            }
            outputs.append(output)
            statuses.append(status)
        }
        return (outputs[0], outputs[1], statuses)
    }

    @Test("tiles encoded from images: every predictor, colour and grey, both layouts and chroma shifts, every size")
    func encodedTiles() throws {
        for (width, height) in Self.sizes {
            for predictors: [UInt8] in [[0], [1], [2], [3], [4], [4, 1, 3, 2, 0]] {
                for (color, chromaShift) in [(true, 0), (true, 1), (false, 0)] {
                    let pixels =
                        color
                        ? DeepmapDecoderTests.colourImage(width: width, height: height) : DeepmapDecoderTests.greyImage(width: width, height: height)
                    let tile = E.predicted(pixels, width: width, height: height, color: color, chromaShift: chromaShift, predictors: predictors)
                    for layout in [DeepmapTiles.Layout.stored, .rgba] {
                        let (kernel, reference) = try Self.both(
                            tile, width: width, height: height, color: color, chromaShift: chromaShift, layout: layout)
                        #expect(
                            Self.firstDifference(kernel, reference) == nil,
                            "\(width)x\(height), predictors \(predictors), colour \(color), shift \(chromaShift), \(layout)")
                    }
                }
            }
        }
    }

    @Test("tiles of random bytes: residuals of every 16-bit value, wrapping sums, random predictors per row")
    func randomTiles() throws {
        var bytes = Bytes(state: 0x9E37_79B9_7F4A_7C15)
        for (width, height) in Self.sizes + [(250, 9), (1040, 3)] {
            for color in [true, false] {
                var tile = bytes.take(DeepmapTiles.predictedTileSize(width: width, height: height, lanes: color ? 3 : 1))
                for y in 0..<height { tile[width * height + y] = bytes.next() % 5 }
                for chromaShift in color ? [0, 1, 3] : [0] {
                    for layout in [DeepmapTiles.Layout.stored, .rgba] {
                        let (kernel, reference) = try Self.both(
                            tile, width: width, height: height, color: color, chromaShift: chromaShift, layout: layout)
                        #expect(Self.firstDifference(kernel, reference) == nil, "\(width)x\(height), colour \(color), shift \(chromaShift), \(layout)")
                    }
                    let paths = Self.paths(tile, width: width, height: height, color: color, chromaShift: chromaShift, rgba: true)
                    #expect(paths.statuses == [CCAR_DEEPMAP_OK, CCAR_DEEPMAP_OK])
                    #expect(
                        Self.firstDifference(paths.chosen, paths.portable) == nil, "\(width)x\(height), colour \(color): the AVX2 and portable paths differ")
                }
            }
        }
    }

    @Test("a row naming a predictor above 4 is refused, as the reference refuses it, and nothing is written")
    func badPredictor() throws {
        let width = 13, height = 6
        var bytes = Bytes(state: 42)
        for color in [true, false] {
            var tile = bytes.take(DeepmapTiles.predictedTileSize(width: width, height: height, lanes: color ? 3 : 1))
            for y in 0..<height { tile[width * height + y] = UInt8(y % 5) }
            tile[width * height + 4] = 5
            var messages: [String] = []
            for reference in [false, true] {
                var output = [UInt8](repeating: 0x5A, count: width * height * 4)
                do {
                    try tile.withUnsafeBytes { tile in
                        try output.withUnsafeMutableBytes { output in
                            if reference {
                                try DeepmapPredictedReference.reconstruct(
                                    tile, width: width, height: height, color: color, chromaShift: 0, layout: .rgba, into: output, rowBytes: width * 4)
                            } else {
                                try DeepmapTiles.reconstructPredicted(
                                    tile, width: width, height: height, color: color, chromaShift: 0, layout: .rgba, into: output, rowBytes: width * 4)
                            }
                        }
                    }
                    Issue.record("a predictor of 5 was accepted")
                } catch {
                    messages.append("\(error)")
                }
                #expect(output.allSatisfy { $0 == 0x5A }, "a row was written before the bad predictor was found")
            }
            #expect(messages.count == 2 && messages[0] == messages[1])
            #expect(messages.first?.contains("row 4 names predictor 5") == true, "\(messages)")
        }
    }

    @Test("sizes that do not fit are refused by the kernel itself, whatever its caller checked")
    func sizesThatDoNotFit() {
        let width = 9, height = 4, lanes = 3
        let tileSize = ccar_deepmap_predicted_tile_size(width, height, lanes)
        #expect(tileSize == DeepmapTiles.predictedTileSize(width: width, height: height, lanes: lanes))
        #expect(ccar_deepmap_predicted_tile_size(Int.max / 2, 3, 3) == 0, "an overflowing size must be 0")
        #expect(ccar_deepmap_scratch_values(Int.max / 2, 3) == 0)
        let tile = [UInt8](repeating: 0, count: tileSize)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var scratch = [Int16](repeating: 0, count: ccar_deepmap_scratch_values(width, lanes))
        func call(tileSize: Int, width: Int = width, height: Int = height, outputSize: Int, rowBytes: Int = width * 4, scratchValues: Int)
            -> ccar_deepmap_status
        {
            var badRow = 0
            return tile.withUnsafeBufferPointer { tile in
                output.withUnsafeMutableBufferPointer { output in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        ccar_deepmap_reconstruct_predicted(
                            tile.baseAddress, tileSize, width, height, 1, 0, 1, output.baseAddress, outputSize, rowBytes, scratch.baseAddress,
                            scratchValues, &badRow)
                    }
                }
            }
        }
        #expect(call(tileSize: tileSize, outputSize: output.count, scratchValues: scratch.count) == CCAR_DEEPMAP_OK)
        #expect(call(tileSize: tileSize - 1, outputSize: output.count, scratchValues: scratch.count) == CCAR_DEEPMAP_BAD_ARGUMENT)
        #expect(call(tileSize: tileSize, outputSize: output.count - 1, scratchValues: scratch.count) == CCAR_DEEPMAP_BAD_ARGUMENT)
        #expect(call(tileSize: tileSize, outputSize: output.count, scratchValues: scratch.count - 1) == CCAR_DEEPMAP_BAD_ARGUMENT)
        #expect(call(tileSize: tileSize, outputSize: output.count, rowBytes: width * 4 - 1, scratchValues: scratch.count) == CCAR_DEEPMAP_BAD_ARGUMENT)
        #expect(call(tileSize: tileSize, width: 0, outputSize: output.count, scratchValues: scratch.count) == CCAR_DEEPMAP_BAD_ARGUMENT)
        #expect(call(tileSize: tileSize, height: 0, outputSize: output.count, scratchValues: scratch.count) == CCAR_DEEPMAP_BAD_ARGUMENT)
        // A huge height whose rows overflow the output size computation.
        #expect(call(tileSize: tileSize, height: Int.max, outputSize: output.count, scratchValues: scratch.count) == CCAR_DEEPMAP_BAD_ARGUMENT)
        // Through the Swift wrapper, a tile too short is a typed error.
        var caught = false
        do {
            try tile.withUnsafeBytes { tile in
                try output.withUnsafeMutableBytes { output in
                    try DeepmapTiles.reconstructPredicted(
                        UnsafeRawBufferPointer(rebasing: tile[0..<(tileSize - 1)]), width: width, height: height, color: true, chromaShift: 0,
                        layout: .rgba, into: output, rowBytes: width * 4)
                }
            }
        } catch {
            caught = "\(error)".contains("cannot hold a tile of 9x4 pixels")
        }
        #expect(caught)
    }

    @Test("rows in bands, in any split, give the whole tile's bytes; each band is reported once it is written")
    func bandsOfRows() throws {
        var bytes = Bytes(state: 7)
        for color in [true, false] {
            let width = 1100, height = 70, lanes = color ? 3 : 1
            var tile = bytes.take(DeepmapTiles.predictedTileSize(width: width, height: height, lanes: lanes))
            for y in 0..<height { tile[width * height + y] = UInt8(y % 5) }
            let (whole, _) = try Self.both(tile, width: width, height: height, color: color, chromaShift: 0, layout: .rgba)
            // The C kernel called directly, in uneven splits, one scratch carried from call to call.
            for splits in [[0, 70], [0, 1, 2, 40, 41, 70], Array(0...70)] {
                let rowBytes = width * 4 + 5
                var output = [UInt8](repeating: 0xA5, count: rowBytes * height)
                var scratch = [Int16](repeating: 0x3C3C, count: ccar_deepmap_scratch_values(width, lanes))
                var badRow = 0
                for (first, end) in zip(splits, splits.dropFirst()) {
                    let status = tile.withUnsafeBufferPointer { tile in
                        output.withUnsafeMutableBufferPointer { output in
                            scratch.withUnsafeMutableBufferPointer { scratch in
                                ccar_deepmap_reconstruct_predicted_rows(
                                    tile.baseAddress, tile.count, width, height, color ? 1 : 0, 0, 1, first, end, output.baseAddress, output.count,
                                    rowBytes, scratch.baseAddress, scratch.count, &badRow)
                            }
                        }
                    }
                    #expect(status == CCAR_DEEPMAP_OK)
                }
                #expect(Self.firstDifference(output, whole) == nil, "colour \(color), split at \(splits)")
            }
            // Through the Swift wrapper: bands of 128 KiB of output (29 rows of 4,400 bytes), each read back as reported.
            var output = [UInt8](repeating: 0, count: width * 4 * height)
            var reported: [Range<Int>] = []
            var readBack = [UInt8]()
            try tile.withUnsafeBytes { tile in
                try output.withUnsafeMutableBytes { target in
                    try DeepmapTiles.reconstructPredicted(
                        tile, width: width, height: height, color: color, chromaShift: 0, layout: .rgba, into: target, rowBytes: width * 4,
                        rowsDone: { rows in
                            reported.append(rows)
                            let band = (rows.lowerBound * width * 4)..<(rows.upperBound * width * 4)
                            readBack += UnsafeRawBufferPointer(target)[band]
                        })
                }
            }
            #expect(reported == [0..<29, 29..<58, 58..<70])
            let paddedRow = width * 4 + 5
            var unpadded: [UInt8] = []
            for y in 0..<height {
                let start = y * paddedRow
                unpadded += whole[start..<(start + width * 4)]
            }
            #expect(Self.firstDifference(readBack, unpadded) == nil && Self.firstDifference(output, unpadded) == nil)
        }
    }

    @Test("a band call out of order or past the tile is refused; a bad predictor is refused by the first call")
    func bandArgumentsAreChecked() {
        let width = 5, height = 6
        var tile = [UInt8](repeating: 0, count: DeepmapTiles.predictedTileSize(width: width, height: height, lanes: 3))
        var output = [UInt8](repeating: 0x11, count: width * 4 * height)
        var scratch = [Int16](repeating: 0, count: ccar_deepmap_scratch_values(width, 3))
        func call(_ first: Int, _ end: Int) -> ccar_deepmap_status {
            var badRow = 0
            return tile.withUnsafeBufferPointer { tile in
                output.withUnsafeMutableBufferPointer { output in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        ccar_deepmap_reconstruct_predicted_rows(
                            tile.baseAddress, tile.count, width, height, 1, 0, 1, first, end, output.baseAddress, output.count, width * 4,
                            scratch.baseAddress, scratch.count, &badRow)
                    }
                }
            }
        }
        #expect(call(3, 3) == CCAR_DEEPMAP_BAD_ARGUMENT)
        #expect(call(4, 2) == CCAR_DEEPMAP_BAD_ARGUMENT)
        #expect(call(2, height + 1) == CCAR_DEEPMAP_BAD_ARGUMENT)
        tile[width * height + 5] = 9
        #expect(call(0, 2) == CCAR_DEEPMAP_BAD_PREDICTOR, "the first call checks the rows it does not write too")
        #expect(output.allSatisfy { $0 == 0x11 })
        #expect(call(2, 5) == CCAR_DEEPMAP_OK && call(5, 6) == CCAR_DEEPMAP_BAD_PREDICTOR)
    }
}
