/// A gradient stored in an `ARGG` rendition (layout 1021): Xcode 26 writes one per gradient fill of an Icon
/// Composer icon, naming the colour facets it runs through rather than holding colours of its own.
///
/// The layout is what the one sample car shows (`jo-tools+sudoku`, CoreUI 969; docs/CAR-FORMAT.md, section 4):
/// tag, a word that is 2 for its two stops (the stop count, or a version: one car cannot tell), a word that is
/// 1 (read as "linear"), five floats (0, then the start point (0.5, 0) and the end point (0.5, 1) in unit
/// coordinates, top to bottom), then per stop its location as a float, a length and that many bytes of the colour
/// facet's name, NUL-terminated. Because the first word's meaning is not settled, the stops are read to the end of
/// the record, not counted by it; a record whose bytes do not divide into whole stops is damaged.
public struct CARGradient: Sendable, Hashable {
    /// One colour stop.
    public struct Stop: Sendable, Hashable {
        /// Where the stop lies along the gradient, 0 at its start and 1 at its end.
        public var location: Float
        /// The name of the colour facet (a `RLOC` rendition in the same car) the stop takes its colour from.
        public var colorName: String

        /// A stop at `location` with the colour facet `colorName`.
        public init(location: Float, colorName: String) {
            self.location = location
            self.colorName = colorName
        }
    }

    /// The first word after the tag as stored: the number of stops in the sample car, perhaps a version.
    public var leadingWord: UInt32
    /// The second word: 1 in the sample car, whose gradients run in a straight line (read as "linear").
    public var kind: UInt32
    /// The five floats before the stops: 0, start x, start y, end x, end y in the sample car.
    public var parameters: [Float]
    /// The stops, in stored order.
    public var stops: [Stop]

    /// The header's size: tag, two words, five floats.
    static let headerSize = 32

    /// Parses an `ARGG` record.
    ///
    /// - Throws: ``CARError`` (`truncated` or `outOfRange`, with the record's offset) when the header is cut
    ///   short, a stop's name runs past the record, or bytes are left over that make no whole stop.
    public init(_ record: CARBytes) throws(CARError) {
        try record.require(0, Self.headerSize)
        leadingWord = try record.u32(4)
        kind = try record.u32(8)
        var parameters: [Float] = []
        for index in 0..<5 { parameters.append(try record.f32(12 + 4 * index)) }
        self.parameters = parameters
        var stops: [Stop] = []
        var position = Self.headerSize
        while position < record.count {
            guard record.count - position >= 8 else {
                throw record.error(.truncated, at: position, "\(record.count - position) bytes left, a gradient stop needs at least 8")
            }
            let location = try record.f32(position)
            let length = Int(try record.u32(position + 4))
            guard length <= record.count - position - 8 else {
                throw record.error(.outOfRange, at: position + 4, "a colour name of \(length) bytes does not fit in the \(record.count - position - 8) left")
            }
            stops.append(Stop(location: location, colorName: try record.fixedString(position + 8, length)))
            position += 8 + length
        }
        self.stops = stops
    }

    /// The start point (x, y) in unit coordinates, as the sample car's floats read (0 where ``parameters`` is short).
    public var start: (x: Float, y: Float) { (parameter(1), parameter(2)) }
    /// The end point (x, y) in unit coordinates.
    public var end: (x: Float, y: Float) { (parameter(3), parameter(4)) }

    private func parameter(_ index: Int) -> Float { parameters.indices.contains(index) ? parameters[index] : 0 }
    /// "linear" for kind 1, else `kind-N`.
    public var kindName: String { kind == 1 ? "linear" : "kind-\(kind)" }
    /// The stops in one line, each colour facet with its location: `App_Assets/Color-2 at 0.0, App_Assets/Color-3 at 1.0`.
    public var stopList: String { stops.map { "\($0.colorName) at \($0.location)" }.joined(separator: ", ") }
}
