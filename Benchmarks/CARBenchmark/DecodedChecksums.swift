import AssetCatalog

/// `CARBenchmark --checksums FILE.car…`: decodes every rendition of the files and prints one line per rendition
/// (file, index, name, size, what it decoded to and a CRC-32 of its bytes), so that a change to a decoder can be
/// checked against the output of the one before it (`diff` the two listings): the speed work on the decoders must
/// keep every pixel.
func printDecodedChecksums(_ paths: [String]) {
    for path in paths {
        guard let file = try? CARFile(path: path) else {
            print("\(path): cannot open")
            continue
        }
        let decoder = CARDecoder(file: file)
        for index in file.renditions.indices {
            let name = file.renditions[index].name
            let line: String
            do {
                switch try decoder.decode(index) {
                case .image(let image):
                    line = "image \(image.width)x\(image.height) crc \(CRC32.checksum(image.pixels))"
                case .file(let bytes, let fileExtension):
                    line = "file \(fileExtension) \(bytes.count) crc \(CRC32.checksum(bytes))"
                case .color:
                    line = "colour"
                case .gradient(let gradient):
                    line = "gradient of \(gradient.stops.count) stops"
                case .notDecodable(let reason):
                    line = "not decoded: \(reason)"
                }
            } catch {
                line = "error: \(error)"
            }
            print("\(path) \(index) \(name) \(line)")
        }
    }
}
