/// Which files a read with ``ReaderOptions/defersPNGInspection`` never opens, by where they lie: the compile cache
/// (docs/COMPILE-CACHE.md) keeps the index of the last read and uses it again while everything else the reader sees is
/// unchanged, whatever became of these files' bytes.
///
/// The rule is kept here, beside the readers it describes, and kept narrow: a PNG directly in a set folder below an
/// `.xcassets` root, where ``SetReader`` takes its content type from its name (by ``isUnopened(fileNamed:in:)``
/// itself, so that the reader and the rule cannot drift apart). Anywhere else a file may be opened: a
/// plain folder's files, an icon set's or an Icon Composer icon's (their readers inspect them), a link's target. A
/// file wrongly said to be unopened would let a stale index through; one wrongly said to be opened only costs a read.
package enum UnopenedFiles {
    /// Where a folder lies, as far as the rule goes.
    package enum Scope: Sendable, Hashable {
        /// Outside any catalog root, or below a folder whose reader opens the files it holds: every file counts.
        case opened
        /// A group (or any other folder) of a catalog root.
        case catalog
        /// A set folder of a catalog root: its PNGs are named, never opened.
        case set
    }

    /// The scope of a root given to the reader: a catalog's when its name ends in `.xcassets`. (The reader also takes a
    /// folder holding `Contents.json` for a catalog; such a root is counted as opened, which costs only reads.)
    package static func scope(ofRoot path: String) -> Scope {
        CatalogReader.isCatalogName(CatalogReader.rootPathAndName(path).name) ? .catalog : .opened
    }

    /// The scope of the folder `name` inside a folder of scope `parent`.
    package static func scope(ofFolderNamed name: String, in parent: Scope) -> Scope {
        switch parent {
        case .opened:
            return .opened
        case .catalog, .set:
            switch FolderRole(folderName: name) {
            case .set:
                return .set
            case .container(.iconSet), .container(.iconComposer):
                // Their readers open the files they hold (ContainerReader), below them at any depth for an icon's Assets.
                return .opened
            case .container, .spriteAtlas, .stackLayer, .unsupported, .group:
                return .catalog
            }
        }
    }

    /// Whether the regular file `name` (not a link) in a folder of scope `scope` is never opened by the read.
    package static func isUnopened(fileNamed name: String, in scope: Scope) -> Bool {
        var name = name
        return name.withUTF8 { isUnopened(fileNamed: $0, in: scope) }
    }

    /// ``isUnopened(fileNamed:in:)`` of a name's bytes (as a folder listing gives them): its extension after the last
    /// dot (not a leading one), in ASCII of any case, is `png`.
    package static func isUnopened(fileNamed name: UnsafeBufferPointer<UInt8>, in scope: Scope) -> Bool {
        guard scope == .set, name.count >= 5 else { return false }
        let end = name.count
        return name[end - 4] == UInt8(ascii: ".") && name[end - 3] | 0x20 == UInt8(ascii: "p")
            && name[end - 2] | 0x20 == UInt8(ascii: "n") && name[end - 1] | 0x20 == UInt8(ascii: "g")
    }
}
