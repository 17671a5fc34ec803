#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The root folders of the catalogs being compiled, held open while their files are read: each file is then
/// opened relative to its root, so the kernel walks only the part of the path inside the catalog (for the
/// 30,000 PNGs of the benchmark catalog, two of five components; more for a catalog deep in a project), and a
/// root renamed meanwhile is still the one read.
///
/// A root that cannot be opened has no descriptor: its files are opened by their full paths, as before, and
/// report their own errors.
final class OpenCatalogRoots: Sendable {
    private let paths: [String]
    private let descriptors: [Int32?]

    /// Opens `paths` (an index's sources, in their order).
    init(_ paths: [String]) {
        self.paths = paths
        descriptors = paths.map { path in
            guard case .success(let descriptor) = FileSystem.openDirectory(path) else { return nil }
            return descriptor
        }
    }

    deinit {
        for case let descriptor? in descriptors { FileSystem.close(descriptor) }
    }

    /// The open root of the index's source number `sourceIndex`, if it could be opened.
    func descriptor(_ sourceIndex: Int) -> Int32? {
        descriptors.indices.contains(sourceIndex) ? descriptors[sourceIndex] : nil
    }

    /// The path of the index's source number `sourceIndex` (`.` for a number the index has no source for, as
    /// the compile's planning takes it).
    func path(_ sourceIndex: Int) -> String {
        paths.indices.contains(sourceIndex) ? paths[sourceIndex] : "."
    }

    /// The path of the file `source` (relative to its catalog) of the index's source number `sourceIndex`: the root's
    /// path, a slash, then `source`, as the compile cache's record names files; made in one allocation
    /// (``SourcePath/joined(_:_:)``), 120,000 times in a one-image rebuild.
    func filePath(_ sourceIndex: Int, _ source: String) -> String {
        var root = path(sourceIndex)
        var source = source
        return root.withUTF8 { root in source.withUTF8 { SourcePath.joined(root, $0) } }
    }
}
