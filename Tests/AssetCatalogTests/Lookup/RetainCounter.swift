#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts the Swift runtime's retains of chosen objects, through the runtime's own instrumentation hooks
/// (`_swift_retain` and `_swift_retain_n`, used when
/// `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly` is set).
///
/// A retain is an atomic read-modify-write of the object's header, so counting the retains of an object
/// every thread shares (an archive, a caller's name string) counts the lookup's writes to a shared cache
/// line without timing anything. Other threads' retains of other objects pass straight through.
///
/// The hooks are process-wide: while they are installed every thread's retains go through them, and the
/// filter in ``isHeapAddress(_:)`` is a heuristic (see there) that a stray small string's bytes could pass.
/// So the tests that install them carry `UnderRetainHooks` in their names, and `Scripts/test.sh` runs them
/// in a test process of their own, one at a time (`--no-parallel`), after the rest of the suite, never
/// beside other tests' threads. (Run beside each other, one of them once crashed on a corrupted string.)
enum RetainCounter {
    typealias Retain = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    typealias RetainN = @convention(c) (UnsafeMutableRawPointer?, UInt32) -> UnsafeMutableRawPointer?

    /// Whether this runtime exports the hooks (the Swift runtimes of Linux and Darwin do).
    static var isAvailable: Bool { hooks != nil }

    /// Counts the retains of `objects` (heap object addresses, at most 8) while `body` runs.
    static func count(of objects: [UnsafeMutableRawPointer], during body: () throws -> Void) rethrows -> Int {
        guard let hooks else { return -1 }
        precondition(objects.count <= watchCapacity)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for (index, object) in objects.enumerated() { watched[index] = object }
        watchedCount = objects.count
        counter.pointee = 0
        originalRetain = hooks.retain.pointee
        originalRetainN = hooks.retainN.pointee
        hooks.retain.pointee = unsafeBitCast(countingRetain, to: UnsafeRawPointer.self)
        hooks.retainN.pointee = unsafeBitCast(countingRetainN, to: UnsafeRawPointer.self)
        hooks.enabled.pointee = 1
        defer {
            hooks.enabled.pointee = 0
            hooks.retain.pointee = originalRetain
            hooks.retainN.pointee = originalRetainN
            watchedCount = 0
        }
        try body()
        return counter.pointee
    }

    // The hook state is plain memory (no Swift reference counting, which would re-enter the hooks):
    // written under `lock` before the hooks are installed, read by the hooks.
    private static let watchCapacity = 8
    private nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    private nonisolated(unsafe) static let watched = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 8)
    private nonisolated(unsafe) static var watchedCount = 0
    private nonisolated(unsafe) static let counter: UnsafeMutablePointer<Int> = {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        return counter
    }()
    private nonisolated(unsafe) static var originalRetain: UnsafeRawPointer?
    private nonisolated(unsafe) static var originalRetainN: UnsafeRawPointer?

    private struct Hooks: @unchecked Sendable {
        var retain: UnsafeMutablePointer<UnsafeRawPointer?>
        var retainN: UnsafeMutablePointer<UnsafeRawPointer?>
        var enabled: UnsafeMutablePointer<UInt8>
    }

    private static let hooks: Hooks? = {
        func symbol(_ name: String) -> UnsafeMutableRawPointer? {
            #if canImport(Darwin)
                dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)  // RTLD_DEFAULT
            #else
                dlsym(nil, name)  // RTLD_DEFAULT
            #endif
        }
        guard let retain = symbol("_swift_retain"), let retainN = symbol("_swift_retain_n"),
            let enabled = symbol("_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")
        else { return nil }
        return Hooks(
            retain: retain.assumingMemoryBound(to: UnsafeRawPointer?.self),
            retainN: retainN.assumingMemoryBound(to: UnsafeRawPointer?.self),
            enabled: enabled.assumingMemoryBound(to: UInt8.self))
    }()

    private static let countingRetain: Retain = { object in
        guard let object, RetainCounter.isHeapAddress(object) else { return object }
        if RetainCounter.isWatched(object) { RetainCounter.counter.pointee += 1 }
        return unsafeBitCast(RetainCounter.originalRetain, to: Retain.self)(object)
    }

    private static let countingRetainN: RetainN = { object, n in
        guard let object, RetainCounter.isHeapAddress(object) else { return object }
        if RetainCounter.isWatched(object) { RetainCounter.counter.pointee += Int(n) }
        return unsafeBitCast(RetainCounter.originalRetainN, to: RetainN.self)(object, n)
    }

    /// The Swift 6.3 Linux runtime's hook adapter strips the tag bits of what it forwards, so the packed
    /// bytes of a small string (which `swift_retain` would ignore) can reach the hook looking like a
    /// pointer (swiftlang/swift#88924), from any thread. Forward only what can be a heap object: a
    /// 16-byte-aligned address of a mapped page in the range where this platform's heap and mappings live
    /// (string bytes land below 2^44 or, with the count bits, above 2^48). Anything else is ignored, as the
    /// runtime ignores it.
    private static func isHeapAddress(_ object: UnsafeMutableRawPointer) -> Bool {
        #if !os(Linux)
            return true
        #else
        let address = UInt(bitPattern: object)
        guard address & 15 == 0, address >= 1 << 44, address < 1 << 48 else { return false }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        var resident: UInt8 = 0
        return withUnsafeMutablePointer(to: &resident) { vector in
            mincore(UnsafeMutableRawPointer(bitPattern: address & ~(page - 1)), Int(page), vector) == 0
        }
        #endif
    }

    @inline(__always)
    private static func isWatched(_ object: UnsafeMutableRawPointer) -> Bool {
        var index = 0
        while index < watchedCount {
            if watched[index] == object { return true }
            index += 1
        }
        return false
    }
}
