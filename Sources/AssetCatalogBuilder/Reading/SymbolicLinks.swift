/// The one place that decides whether a symbolic link may be followed: only when its target,
/// fully resolved, is inside the catalog root. Links are never followed before this check.
enum SymbolicLinks {
    /// Where a link leads.
    enum Target {
        /// Inside the root: safe to follow.
        case inside(realPath: String, status: FileSystem.Status)
        /// Outside the root: refused.
        case outside(realPath: String)
        /// The target does not exist.
        case broken
    }

    /// Resolves the link at `ioPath` against the root.
    static func resolve(_ ioPath: String, root: RootContext) -> Target {
        guard let real = FileSystem.realPath(ioPath), let status = FileSystem.status(real) else { return .broken }
        guard FileSystem.isInside(real, root: root.realPath) else { return .outside(realPath: real) }
        return .inside(realPath: real, status: status)
    }

    /// The `unsafe-path` message for a link that leads out of the root.
    static func outsideMessage(_ realPath: String) -> String {
        "is a symbolic link to '\(realPath)', outside the catalog root; it is not followed"
    }
}
