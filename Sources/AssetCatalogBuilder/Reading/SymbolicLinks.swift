/// The one place that decides whether a symbolic link may be followed: only when its target,
/// fully resolved, is inside the catalog root, or when the link itself is a file the build system declared
/// as an input (``DeclaredInputs``) and leads to a regular file. Links are never followed before this check.
enum SymbolicLinks {
    /// Where a link leads.
    enum Target {
        /// Inside the root, or a declared input's regular file: safe to follow.
        case inside(realPath: String, status: FileSystem.Status)
        /// Outside the root: refused.
        case outside(realPath: String)
        /// The target does not exist.
        case broken
    }

    /// Resolves the link at `ioPath` against the root.
    static func resolve(_ ioPath: String, root: RootContext) -> Target {
        guard let real = FileSystem.realPath(ioPath), let status = FileSystem.status(real) else { return .broken }
        if FileSystem.isInside(real, root: root.realPath) { return .inside(realPath: real, status: status) }
        // A build sandbox's link to a declared input: followed to a file, never to a folder (a folder would
        // open everything below it).
        if status.kind == .file, let declared = root.declaredInputs, declared.contains(ioPath) {
            return .inside(realPath: real, status: status)
        }
        return .outside(realPath: real)
    }

    /// The `unsafe-path` message for a link that leads out of the root.
    static func outsideMessage(_ realPath: String) -> String {
        "is a symbolic link to \(MessageQuote.quoted(realPath)), outside the catalog root; it is not followed"
    }

    /// What a folder walker should treat an entry as. A link is followed only when it stays inside the
    /// root; a broken link (`unreadable-path`) or one leading outside (`unsafe-path`) is reported and
    /// `nil` is returned, so the walker skips it.
    static func walkTarget(
        ioPath: String, kind: FileSystem.EntryKind, path: String, root: RootContext, sink: inout DiagnosticSink
    ) -> (ioPath: String, kind: FileSystem.EntryKind, isLink: Bool)? {
        guard kind == .symbolicLink else { return (ioPath, kind, false) }
        switch resolve(ioPath, root: root) {
        case .broken:
            sink.emit(.unreadablePath, at: path, "is a broken symbolic link")
            return nil
        case .outside(let real):
            sink.emit(.unsafePath, at: path, outsideMessage(real))
            return nil
        case .inside(let real, let status):
            return (real, status.kind, true)
        }
    }

    /// The folders above and including the one at `ioPath`, for descending into it; `nil`, with a
    /// diagnostic at `path`, when it cannot be read or is already among `ancestors` (a link leading back
    /// up: following it would never end).
    static func ancestors(
        entering ioPath: String, path: String, ancestors: Set<FileSystem.Identity>, sink: inout DiagnosticSink
    ) -> Set<FileSystem.Identity>? {
        guard let identity = FileSystem.status(ioPath)?.identity else {
            sink.emit(.unreadablePath, at: path, "cannot be read")
            return nil
        }
        if ancestors.contains(identity) {
            sink.emit(.symlinkLoop, at: path, "leads back to a folder that contains it; it is not followed")
            return nil
        }
        var inner = ancestors
        inner.insert(identity)
        return inner
    }
}
