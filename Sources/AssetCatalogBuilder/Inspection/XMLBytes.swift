/// The byte classes both XML scanners use, the SVG check's (`SVGStructure`) and the symbol template reader's
/// (`SymbolXML`): one definition of what is white space and where a tag or attribute name ends.
enum XMLBytes {
    /// XML's white space: space, tab, line feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The position after the name that starts at `start` in `bytes`: the first white space, `>`, `/`, `=`, `<` or
    /// quote, or the end.
    static func nameEnd<Bytes: RandomAccessCollection>(in bytes: Bytes, from start: Int) -> Int
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var position = start
        while position < bytes.endIndex {
            let byte = bytes[position]
            if isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            {
                break
            }
            position += 1
        }
        return position
    }
}
