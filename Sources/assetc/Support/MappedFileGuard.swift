#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Archives are memory-mapped (see `AssetArchive`'s "A file changed while it is open"): if one is
/// truncated in place while a command reads it, touching a page past the new end raises SIGBUS. Rather
/// than dying with "Bus error" and no explanation, the command says what happened and exits with
/// status 3. The handler only calls `write(2)` and `_exit(2)`, which are async-signal-safe; it does not
/// try to resume (there is no sound way back into the interrupted Swift code).
enum MappedFileGuard {
    /// The exit status after a mapped file changed under the command.
    static let exitStatus: Int32 = 3

    static func install() {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handle
        #else
            action.__sigaction_handler.sa_handler = handle
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGBUS, &action, nil)
    }
}

private func handle(_ signal: Int32) {
    let message: StaticString =
        "\nerror: an archive changed on disk while assetc was reading it (it was truncated or rewritten in place); the output is incomplete. Replace archives by renaming a new file over them, never by writing into them.\n"
    message.withUTF8Buffer { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
    _exit(MappedFileGuard.exitStatus)
}
