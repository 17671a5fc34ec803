import AssetCatalog
import Foundation

extension CARCompiler {
    /// Lays out what follows the streamed values: the facets, the trees, the key format and the header
    /// blocks, then writes the header area over the start of `sink`.
    func layOut(_ plan: CompilePlan, stream: RenditionStream, sink: CARSink) throws(CARCompileError) -> CARCompileSummary {
        let notices = plan.notices + stream.failures.sorted { $0.job < $1.job }.map(\.message) + stream.duplicates
        // Already in key order unless some renditions were preferred (written first); sorted by their words, an
        // ordered list costs one pass.
        let writtenKeys = stream.written.map { Self.sortKey($0.key) }
        let keyed = stream.written.indices.sorted { writtenKeys[$0] < writtenKeys[$1] }.map { stream.written[$0] }

        var usedAppearances = Set<UInt16>()
        if let slot = plan.keyFormat.firstIndex(of: .appearance) {
            for entry in keyed { usedAppearances.insert(UInt16(entry.key[2 * slot]) | UInt16(entry.key[2 * slot + 1]) << 8) }
        }
        let appearanceNames = Self.appearanceTable(platform: options.platform, used: usedAppearances)
        var facetEntries: [(key: [UInt8], value: [UInt8])] = []
        for (facet, asset) in plan.assets.enumerated() {
            var value: [UInt8] = []
            BinaryWriter.appendLE16(&value, 0)
            BinaryWriter.appendLE16(&value, 0)
            let attributes: [(UInt16, UInt16)] = [(1, Self.element), (2, plan.facetParts[facet]), (17, plan.identifiers[facet])]
            BinaryWriter.appendLE16(&value, UInt16(attributes.count))
            for (attribute, number) in attributes {
                BinaryWriter.appendLE16(&value, attribute)
                BinaryWriter.appendLE16(&value, number)
            }
            facetEntries.append((Array(asset.name.utf8), value))
        }
        facetEntries.sort { $0.key.lexicographicallyPrecedes($1.key) }

        var bom = BOMWriter()
        let header = bom.add([])
        bom.setVariable("CARHEADER", header)
        bom.setVariable("RENDITIONS", bom.addTree(keyed.map { (key: $0.key, value: .placed(address: $0.address, length: $0.length)) }))
        bom.setVariable("FACETKEYS", bom.addTree(facetEntries))
        bom.setVariable(
            "APPEARANCEKEYS",
            bom.addTree(appearanceNames.map { (Array($0.name.utf8), Self.le16($0.identifier)) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }))
        if !plan.localeList.isEmpty {
            bom.setVariable("LOCALIZATIONKEYS", bom.addTree(plan.localeList.map { (Array($0.utf8), Self.le16(plan.localeIDs[$0]!)) }))
        }
        var format: [UInt8] = []
        BinaryWriter.appendFourCC(&format, "kfmt")
        BinaryWriter.appendLE32(&format, 0)
        BinaryWriter.appendLE32(&format, UInt32(plan.keyFormat.count))
        for attribute in plan.keyFormat { BinaryWriter.appendLE32(&format, attribute.identifier) }
        bom.setVariable("KEYFORMAT", bom.add(format))
        bom.setVariable("EXTENDED_METADATA", bom.add(metadata()))
        let bitmapKeys = Self.bitmapKeys(keyFormat: plan.keyFormat, keys: keyed.map(\.key), identifiers: plan.identifiers)
        bom.setVariable("BITMAPKEYS", bom.addInlineKeyTree(bitmapKeys.map { ($0.identifier, $0.encoded) }))
        bom.set(header, carHeader(renditionCount: keyed.count, uuid: Self.contentUUID(keyed, facetEntries)))
        let layout: BOMWriter.Layout
        do {
            layout = try bom.layout(blocksStart: stream.end)
        } catch {
            throw .tooLarge(byteCount: error.byteCount)
        }
        try bom.writeBlocks(layout, from: stream.end) { (piece: [UInt8]) throws(CARCompileError) in try sink.append(piece) }
        try sink.writeHeaderArea(bom.headerArea(layout))
        return CARCompileSummary(facetCount: facetEntries.count, renditionCount: keyed.count, byteCount: layout.fileSize, notices: notices)
    }
}
