import AssetCatalog
import Testing

/// `ARGG` gradient records (layout 1021) as Xcode 26 writes them for Icon Composer icons (docs/CAR-FORMAT.md):
/// the stops and their colour facets, and what the reader does with damaged records.
@Suite("Assets.car reader: ARGG gradients")
struct CARGradientTests {
    typealias B = TestCARBuilder

    static func float(_ value: Float) -> [UInt8] { B.le32(value.bitPattern) }

    /// A record: tag, `leading` (the stop count in the sample car), kind 1, the five floats of a top-to-bottom
    /// line, then each stop's location, length and NUL-terminated name (`length` overrides the stored length).
    static func record(leading: UInt32? = nil, stops: [(Float, String)], length: UInt32? = nil, tail: [UInt8] = []) -> [UInt8] {
        var bytes = B.tag("ARGG") + B.le32(leading ?? UInt32(stops.count)) + B.le32(1)
        for value: Float in [0, 0.5, 0, 0.5, 1] { bytes += float(value) }
        for (location, name) in stops {
            let text = Array(name.utf8) + [0]
            bytes += float(location) + B.le32(length ?? UInt32(text.count)) + text
        }
        return bytes + tail
    }

    static func parse(_ bytes: [UInt8]) throws(CARError) -> CARGradient {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(CARError) in try CARGradient(CARBytes(buffer: buffer, base: 2000, structure: "ARGG gradient")) }
        }
        return try result.get()
    }

    @Test func theSampleCarsRecordReadsAsTwoStopsTopToBottom() throws {
        // The bytes of sudoku's App_Assets/Gradient-1 (86 bytes).
        let gradient = try Self.parse(Self.record(stops: [(0, "App_Assets/Color-2"), (1, "App_Assets/Color-3")]))
        #expect(gradient.stops == [.init(location: 0, colorName: "App_Assets/Color-2"), .init(location: 1, colorName: "App_Assets/Color-3")])
        #expect(gradient.leadingWord == 2 && gradient.kindName == "linear")
        #expect(gradient.start == (0.5, 0) && gradient.end == (0.5, 1))
    }

    @Test func stopsAreReadToTheRecordsEndWhateverTheLeadingWordSays() throws {
        // The first word may be a version rather than the count: three stops after a 2 are all read.
        let three = try Self.parse(Self.record(leading: 2, stops: [(0, "a"), (0.5, "b"), (1, "c")]))
        #expect(three.stops.map(\.colorName) == ["a", "b", "c"] && three.leadingWord == 2)
        #expect(try Self.parse(Self.record(stops: [])).stops.isEmpty)
    }

    @Test func damagedRecordsAreErrorsWithTheirOffset() {
        let whole = Self.record(stops: [(0, "App_Assets/Color-2"), (1, "App_Assets/Color-3")])
        // Every cut but the one after the first stop fails with a typed error inside the record, never a crash.
        let afterFirstStop = 32 + 8 + 19
        for length in 0..<whole.count where length != 32 && length != afterFirstStop {
            do {
                _ = try Self.parse(Array(whole[0..<length]))
                Issue.record("a record cut to \(length) bytes was read")
            } catch {
                #expect(error.kind == .truncated || error.kind == .outOfRange, "\(length): \(error)")
                #expect((2000...(2000 + whole.count)).contains(error.offset ?? -1), "\(length): \(error)")
            }
        }
        // A name length past the end, and a huge one, name the gradient and the length's place.
        for length: UInt32 in [40, .max] {
            do {
                _ = try Self.parse(Self.record(stops: [(0, "x")], length: length))
                Issue.record("a name of \(length) bytes was read")
            } catch {
                #expect(error.kind == .outOfRange && error.offset == 2000 + 36 && "\(error)".contains("ARGG gradient"), "\(error)")
            }
        }
        // Bytes left over that make no whole stop.
        #expect(throws: CARError.self) { try Self.parse(Self.record(stops: [(0, "x")], tail: [0, 0, 0])) }
    }

    @Test func aDamagedGradientIsListedAsDamagedAndTheRestOfTheFileIsRead() throws {
        let good = B.csi(name: "Gradient-1", width: 0, height: 0, format: "\0\0\0\0", layout: 1021,
            payload: Self.record(stops: [(0, "Color-1"), (1, "Color-2")]))
        let bad = B.csi(name: "Gradient-2", width: 0, height: 0, format: "\0\0\0\0", layout: 1021,
            payload: Self.record(stops: [(0, "Color-1")], length: 1000))
        var car = TestCARBuilder()
        car.facets = [("Gradient-1", 1), ("Gradient-2", 2)]
        car.add([17: 1], good)
        car.add([17: 2], bad)
        let file = try CARFile(bytes: car.build())
        let first = try #require(file.renditions.firstIndex { $0.name == "Gradient-1" })
        let second = try #require(file.renditions.firstIndex { $0.name == "Gradient-2" })
        guard case .gradient(let gradient) = try CARDecoder(file: file).decode(first) else {
            Issue.record("Gradient-1 does not decode as a gradient")
            return
        }
        #expect(gradient.stops.map(\.colorName) == ["Color-1", "Color-2"])
        #expect(file.renditions[first].payload.kindName == "gradient")
        #expect(file.renditions[second].damage?.kind == .outOfRange)
        #expect(throws: CARError.self) { try CARDecoder(file: file).decode(second) }
    }
}
