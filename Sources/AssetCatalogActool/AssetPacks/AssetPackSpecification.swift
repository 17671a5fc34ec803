import AssetCatalogBuilder
import Foundation

/// One entry of `--asset-pack-output-specifications`: the asset pack that holds the sets tagged with exactly
/// ``tags`` (on-demand resources), as Xcode's build engine writes the file (an array of dictionaries with
/// `bundle-id`, `bundle-path` and `tags`).
public struct AssetPackSpecification: Sendable, Hashable {
    /// The pack's bundle identifier (`com.example.app.Level1-abc.assetpack`).
    public var bundleIdentifier: String
    /// The pack's folder; its `Assets.car` is written inside it.
    public var bundlePath: String
    /// The tags of the sets it holds (a set goes to the pack whose tags equal its own).
    public var tags: Set<String>

    /// Creates a specification.
    public init(bundleIdentifier: String, bundlePath: String, tags: Set<String>) {
        self.bundleIdentifier = bundleIdentifier
        self.bundlePath = bundlePath
        self.tags = tags
    }

    /// The largest specifications file read (a build system writes a few hundred bytes per pack).
    public static let maximumFileBytes = 16 << 20

    /// Reads a specifications file (XML or binary property list).
    ///
    /// - Throws: ``ActoolUsageError/invalid(_:)`` naming the file and what is wrong: unreadable, too large, not a
    ///   property list, not an array of dictionaries, an entry without `bundle-path` or `tags`, or two entries
    ///   with the same tags.
    public static func load(path: String) throws(ActoolUsageError) -> [AssetPackSpecification] {
        let name = "'\(MessageQuote.clipped(path))'"
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.intValue
        else { throw .invalid("cannot read the asset pack specifications \(name)") }
        guard size <= maximumFileBytes else {
            throw .invalid("the asset pack specifications \(name) are \(size) bytes, more than \(maximumFileBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalid("cannot read the asset pack specifications \(name)")
        }
        return try parse(data, name: name)
    }

    /// Parses a specifications file's bytes; `name` is how messages name it.
    static func parse(_ data: Data, name: String) throws(ActoolUsageError) -> [AssetPackSpecification] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .invalid("the asset pack specifications \(name) are not a property list")
        }
        guard let entries = root as? [Any] else {
            throw .invalid("the asset pack specifications \(name) are not an array of dictionaries")
        }
        var specifications: [AssetPackSpecification] = []
        for (position, entry) in entries.enumerated() {
            let at = "entry \(position) of the asset pack specifications \(name)"
            guard let dictionary = entry as? [String: Any] else { throw .invalid("\(at) is not a dictionary") }
            guard let path = dictionary["bundle-path"] as? String, !path.isEmpty else {
                throw .invalid("\(at) has no bundle-path")
            }
            guard let tags = dictionary["tags"] as? [Any], let names = tags as? [String], !names.isEmpty else {
                throw .invalid("\(at) has no tags (an array of strings)")
            }
            let identifier = dictionary["bundle-id"] as? String ?? ""
            let specification = AssetPackSpecification(bundleIdentifier: identifier, bundlePath: path, tags: Set(names))
            if specifications.contains(where: { $0.tags == specification.tags }) {
                throw .invalid("\(at) repeats the tags of an earlier entry (\(names.sorted().joined(separator: ", ")))")
            }
            if specifications.contains(where: { $0.bundlePath == path }) {
                throw .invalid("\(at) repeats the bundle-path of an earlier entry")
            }
            specifications.append(specification)
        }
        return specifications
    }
}
