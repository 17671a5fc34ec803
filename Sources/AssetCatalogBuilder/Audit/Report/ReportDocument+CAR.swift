import AssetCatalog

extension ReportDocument {
    /// The report for a compiled catalog: its facets as assets with the findings of the rules for compiled
    /// catalogs, each variant decoded as `assetc extract` writes it (bitmaps as un-premultiplied PNG, stored
    /// JPEG/PNG/SVG files as they are), each one that cannot be decoded named with the reason, and the bytes
    /// every asset takes in the car, drawn as a treemap (``sizes``).
    ///
    /// - Parameters:
    ///   - car: the opened `Assets.car`.
    ///   - index: its index (``CatalogIndex/init(car:path:)``).
    ///   - report: the audit of that index.
    ///   - title: the page's title.
    ///   - embedLimit: decoded images up to this many bytes are embedded; larger ones are named, not shown.
    public init(car: CARFile, index: CatalogIndex, report: AuditReport, title: String = "Assets.car report", embedLimit: Int = 4 << 20) {
        self.init(index: index, report: report, title: title, embedLimit: embedLimit, linkBase: nil)
        sizes = SizeInventory(car: car, path: index.sources.first?.path ?? "Assets.car")
        let decoder = CARDecoder(file: car)
        let paths = car.outputPaths()
        var facets: [String: CARFacet] = [:]
        for facet in car.facets where facets[facet.name] == nil { facets[facet.name] = facet }
        for position in assets.indices {
            guard let facet = facets[assets[position].name] else { continue }
            var renditionByLabel: [String: Int] = [:]
            for index in facet.renditions {
                guard let path = paths[index] else { continue }
                renditionByLabel[path.split(separator: "/").last.map(String.init) ?? path] = index
            }
            let bytes = facet.renditions.reduce(0) { $0 + car.renditions[$1].byteCount }
            let count = facet.renditions.count
            assets[position].location = "\(assets[position].location) (\(bytes) bytes in the car, \(count) rendition\(count == 1 ? "" : "s"))"
            for slot in assets[position].variants.indices {
                guard let index = renditionByLabel[assets[position].variants[slot].label] else { continue }
                assets[position].variants[slot].content = Self.carContent(decoder, index, embedLimit: embedLimit)
            }
        }
        let stored = car.renditions.reduce(0) { $0 + $1.byteCount }
        let facetBytes = car.facets.reduce(0) { total, facet in total + facet.renditions.reduce(0) { $0 + car.renditions[$1].byteCount } }
        remark = "A compiled catalog: \(car.byteCount) bytes, of which renditions \(stored) (\(facetBytes) in named assets, "
            + "\(car.internalRenditions.count) internal renditions such as packed atlases). Findings are those of the rules for "
            + "compiled catalogs; each variant is drawn as 'assetc extract' writes it."
    }

    /// What a rendition shows on the page.
    static func carContent(_ decoder: CARDecoder, _ index: Int, embedLimit: Int) -> ReportVariant.Content {
        do {
            switch try decoder.decode(index) {
            case .image(let image):
                let png = try PNGCodec.encodeRGBA8(image)
                return .image(mime: "image/png", bytes: png.count <= embedLimit ? png : nil, link: nil)
            case .file(let bytes, let fileExtension):
                switch fileExtension {
                case "png": return .image(mime: "image/png", bytes: bytes.count <= embedLimit ? bytes : nil, link: nil)
                case "jpg": return .image(mime: "image/jpeg", bytes: bytes.count <= embedLimit ? bytes : nil, link: nil)
                case "svg", "pdf":
                    // Drawn as the device would at the rendition's scale (1 for a vector kept without one).
                    return vectorPicture(bytes, format: fileExtension == "pdf" ? .pdf : .svg,
                        scale: max(1, Double(decoder.file.renditions[index].scaleTimes100) / 100), embedLimit: embedLimit)
                default: return .file(description: fileExtension)
                }
            case .color:
                return .file(description: "colour")
            case .gradient(let gradient):
                return .file(description: "gradient through \(gradient.stops.map(\.colorName).joined(separator: ", "))")
            case .notDecodable(let reason):
                return .unusable(reason: "not decoded: \(reason)")
            }
        } catch let error as CARError {
            return .unusable(reason: "damaged: \(error)")
        } catch {
            return .unusable(reason: "cannot encode the PNG: \(error)")
        }
    }

    /// A vector drawn to a PNG for the page (``VectorRasterizer``), or why it could not be drawn.
    static func vectorPicture(_ bytes: [UInt8], format: VectorRasterizer.Format, scale: Double, embedLimit: Int) -> ReportVariant.Content {
        do {
            let png = try VectorRasterizer.png(of: bytes, format: format, scale: scale)
            return .image(mime: "image/png", bytes: png.count <= embedLimit ? png : nil, link: nil)
        } catch {
            return .unusable(reason: "cannot be drawn: \(error.message)")
        }
    }
}
